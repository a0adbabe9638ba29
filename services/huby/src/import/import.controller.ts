import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import { HubySubjects, Role, type BusRequest } from '@portal/contracts';
import { ImportSample } from './import-sample';
import { ImportService } from './import.service';

/** Spec §6: importing orders is the user right "import all or Huby". */
const IMPORT = [Role.USER_IMPORT_HUBY, Role.USER_IMPORT_ALL];

/** Huby order import: simulation of an uploaded file, its lines, the import of what was simulated, a sample file's values. */
@Controller()
export class ImportController {
  constructor(
    private readonly imports: ImportService,
    private readonly sample: ImportSample,
  ) {}

  @Roles(...IMPORT)
  @MessagePattern(HubySubjects.importSimulate)
  simulate(@Payload() m: BusRequest) {
    return this.imports.simulate(m.ctx, m.data);
  }

  @Roles(...IMPORT)
  @MessagePattern(HubySubjects.importGet)
  get(@Payload() m: BusRequest) {
    return this.imports.get(m.ctx, m.data);
  }

  @Roles(...IMPORT)
  @MessagePattern(HubySubjects.importLines)
  lines(@Payload() m: BusRequest) {
    return this.imports.lines(m.ctx, m.data);
  }

  @Roles(...IMPORT)
  @MessagePattern(HubySubjects.importApply)
  apply(@Payload() m: BusRequest) {
    return this.imports.apply(m.ctx, m.data);
  }

  @Roles(...IMPORT)
  @MessagePattern(HubySubjects.importSample)
  sampleValues(@Payload() m: BusRequest) {
    return this.sample.values(m.ctx);
  }
}
