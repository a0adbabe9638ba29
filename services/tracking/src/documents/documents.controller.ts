import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { Role, TrackingSubjects, type BusRequest } from '@portal/contracts';
import { DocumentsService } from './documents.service';

@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Roles(Role.PGT_USER, Role.TRACERROUTE_USER)
  @MessagePattern(TrackingSubjects.documentFile)
  file(@Payload() m: BusRequest) {
    return this.documents.file(m.ctx, m.data);
  }

  /** My DOC attachments: the alerts service asks as a system caller. */
  @Roles(Role.ADMIN)
  @MessagePattern(TrackingSubjects.orderDocumentFiles)
  filesOfOrders(@Payload() m: BusRequest) {
    return this.documents.filesOfOrders(m.ctx, m.data);
  }

  @Roles(Role.USER_ADD_DOCUMENT)
  @MessagePattern(TrackingSubjects.addDocument)
  add(@Payload() m: BusRequest) {
    return this.documents.add(m.ctx, m.data);
  }

  /** The right (own, any, POD) depends on the document: checked by the service. */
  @Roles(Role.USER_DELETE_OWN_DOCUMENT, Role.USER_DELETE_ANY_DOCUMENT, Role.USER_DELETE_POD)
  @MessagePattern(TrackingSubjects.deleteDocument)
  delete(@Payload() m: BusRequest) {
    return this.documents.delete(m.ctx, m.data);
  }

  @Roles(Role.USER_DELETE_POD)
  @MessagePattern(TrackingSubjects.deletePods)
  deletePods(@Payload() m: BusRequest) {
    return this.documents.deletePods(m.ctx, m.data);
  }
}
