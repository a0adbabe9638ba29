import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { ClaimsSubjects, Role, type BusRequest } from '@portal/contracts';
import { AttachmentsService } from '../attachments/attachments.service';
import { ClaimMoves } from './claim-moves';
import { claimUuid } from './claim-rows';
import { ClaimsService } from './claims.service';

/**
 * Spec §6 claim rights, each checked: read (lists, view, files), create (the creation flow, the
 * creator's drafts, sending, attachments), update (the provider's processing and closing; also
 * drafts and attachments), delete (drafts).
 */
@Controller()
export class ClaimsController {
  constructor(
    private readonly claims: ClaimsService,
    private readonly moves: ClaimMoves,
    private readonly attachments: AttachmentsService,
  ) {}

  @Roles(Role.USER_CLAIM_READ)
  @MessagePattern(ClaimsSubjects.list)
  list(@Payload() m: BusRequest) {
    return this.claims.list(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_READ)
  @MessagePattern(ClaimsSubjects.get)
  get(@Payload() m: BusRequest) {
    return this.claims.get(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_CREATE)
  @MessagePattern(ClaimsSubjects.lookup)
  lookup(@Payload() m: BusRequest) {
    return this.claims.lookup(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_CREATE)
  @MessagePattern(ClaimsSubjects.create)
  create(@Payload() m: BusRequest) {
    return this.claims.create(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_CREATE, Role.USER_CLAIM_UPDATE)
  @MessagePattern(ClaimsSubjects.update)
  update(@Payload() m: BusRequest) {
    return this.claims.update(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_DELETE)
  @MessagePattern(ClaimsSubjects.remove)
  remove(@Payload() m: BusRequest) {
    return this.claims.remove(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_CREATE)
  @MessagePattern(ClaimsSubjects.send)
  send(@Payload() m: BusRequest) {
    return this.moves.send(m.ctx, claimUuid(m.data));
  }

  @Roles(Role.USER_CLAIM_UPDATE)
  @MessagePattern(ClaimsSubjects.process)
  process(@Payload() m: BusRequest) {
    return this.moves.process(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_UPDATE)
  @MessagePattern(ClaimsSubjects.close)
  close(@Payload() m: BusRequest) {
    return this.moves.close(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_CREATE, Role.USER_CLAIM_UPDATE)
  @MessagePattern(ClaimsSubjects.attach)
  attach(@Payload() m: BusRequest) {
    return this.attachments.attach(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_READ)
  @MessagePattern(ClaimsSubjects.attachmentFile)
  file(@Payload() m: BusRequest) {
    return this.attachments.file(m.ctx, m.data);
  }

  @Roles(Role.USER_CLAIM_CREATE, Role.USER_CLAIM_UPDATE)
  @MessagePattern(ClaimsSubjects.detach)
  detach(@Payload() m: BusRequest) {
    return this.attachments.detach(m.ctx, m.data);
  }
}
