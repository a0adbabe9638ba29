import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { LoopSubjects, Role, type BusRequest } from '@portal/contracts';
import { LoopService } from './loop.service';

/** Spec §6: Loop orders are the user right USER_CREATE_LOOP_ORDER (reading them too: the lists are its entry screens). */
@Controller()
export class LoopController {
  constructor(private readonly loop: LoopService) {}

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.list)
  list(@Payload() m: BusRequest) {
    return this.loop.list(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.get)
  get(@Payload() m: BusRequest) {
    return this.loop.get(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.create)
  create(@Payload() m: BusRequest) {
    return this.loop.create(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.update)
  update(@Payload() m: BusRequest) {
    return this.loop.update(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.remove)
  remove(@Payload() m: BusRequest) {
    return this.loop.remove(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.submit)
  submit(@Payload() m: BusRequest) {
    return this.loop.submit(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.platforms)
  platforms(@Payload() m: BusRequest) {
    return this.loop.platforms(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.articles)
  articles(@Payload() m: BusRequest) {
    return this.loop.articles(m.ctx, m.data);
  }

  @Roles(Role.USER_CREATE_LOOP_ORDER)
  @MessagePattern(LoopSubjects.checkLine)
  checkLine(@Payload() m: BusRequest) {
    return this.loop.checkLine(m.ctx, m.data);
  }
}
