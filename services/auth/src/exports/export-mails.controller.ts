import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubjects, type BusRequest, type ExportFailedMailRequest, type ExportReadyMailRequest } from '@portal/contracts';
import { ExportMailsService } from './export-mails.service';

/** Asked by the gateway when a background export ends; the mail goes to the caller only. */
@Controller()
export class ExportMailsController {
  constructor(private readonly mails: ExportMailsService) {}

  @MessagePattern(AuthSubjects.mailExportReady)
  ready(@Payload() m: BusRequest<ExportReadyMailRequest>) {
    return this.mails.ready(m.ctx, m.data);
  }

  @MessagePattern(AuthSubjects.mailExportFailed)
  failed(@Payload() m: BusRequest<ExportFailedMailRequest>) {
    return this.mails.failed(m.ctx, m.data);
  }
}
