import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Roles } from '@portal/auth';
import type { BusRequest, ImportBusSubjects } from '@portal/contracts';
import type { ImportRunsOwner } from './runs';

/** One kind's bus side, declared: its subjects, who may import it (spec §6; ADMIN always may) and the provider of its runs. */
export interface ImportControllerDeclaration {
  /** The class name, for Nest's logs. */
  name: string;
  subjects: ImportBusSubjects;
  roles: readonly string[];
  runs: Type<ImportRunsOwner>;
}

/**
 * The bus controller of one kind of import: simulate, get, lines and apply, each a one-line handler
 * on the kind's runs under the kind's roles. A kind with more routes (Huby's sample values) extends it.
 */
export function importController(declaration: ImportControllerDeclaration): Type<{ readonly owner: ImportRunsOwner }> {
  const { subjects, roles } = declaration;

  @Controller()
  class ImportController {
    constructor(@Inject(declaration.runs) readonly owner: ImportRunsOwner) {}

    @Roles(...roles)
    @MessagePattern(subjects.simulate)
    simulate(@Payload() m: BusRequest) {
      return this.owner.runs.simulate(m.ctx, m.data);
    }

    @Roles(...roles)
    @MessagePattern(subjects.get)
    get(@Payload() m: BusRequest) {
      return this.owner.runs.get(m.ctx, m.data);
    }

    @Roles(...roles)
    @MessagePattern(subjects.lines)
    lines(@Payload() m: BusRequest) {
      return this.owner.runs.lines(m.ctx, m.data);
    }

    @Roles(...roles)
    @MessagePattern(subjects.apply)
    apply(@Payload() m: BusRequest) {
      return this.owner.runs.apply(m.ctx, m.data);
    }
  }
  Object.defineProperty(ImportController, 'name', { value: declaration.name });
  return ImportController;
}
