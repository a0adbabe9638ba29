import { Module } from '@nestjs/common';
import { ReferenceController } from './reference.controller';

/** HTTP side of the admin service's reference data (spec §7): countries, states, depositors, platforms, announcements… */
@Module({ controllers: [ReferenceController] })
export class ReferenceHttpModule {}
