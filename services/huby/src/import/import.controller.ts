import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HUBY_IMPORT_ROLES, HUBY_IMPORT_SUBJECTS, HubySubjects, type BusRequest } from '@portal/contracts';
import { importController } from '@portal/files';
import { ImportSample } from './import-sample';
import { ImportService } from './import.service';

/** Huby order import: simulation of an uploaded file, its lines, the import of what was simulated, and a sample file's values. */
@Controller()
export class ImportController extends importController({
  name: 'ImportController',
  subjects: HUBY_IMPORT_SUBJECTS,
  roles: HUBY_IMPORT_ROLES,
  runs: ImportService,
}) {
  constructor(
    imports: ImportService,
    private readonly sample: ImportSample,
  ) {
    super(imports);
  }

  @Roles(...HUBY_IMPORT_ROLES)
  @MessagePattern(HubySubjects.importSample)
  sampleValues(@Payload() m: BusRequest) {
    return this.sample.values(m.ctx);
  }
}
