import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AuthSubjects, type BusRequest } from '@portal/contracts';
import { SettingsService, type SettingName } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @MessagePattern(AuthSubjects.me)
  me(@Payload() m: BusRequest) {
    return this.settings.me(m.ctx);
  }

  @MessagePattern(AuthSubjects.setSetting)
  set(@Payload() m: BusRequest<{ name: SettingName; value: string; uuid?: string }>) {
    return this.settings.set(m.ctx, m.data.name, m.data.value, m.data.uuid);
  }

  @MessagePattern(AuthSubjects.setPrinterUri)
  setPrinterUri(@Payload() m: BusRequest<{ printer_uri: string }>) {
    return this.settings.setPrinterUri(m.ctx, m.data.printer_uri);
  }

  @MessagePattern(AuthSubjects.setPreferences)
  setPreferences(@Payload() m: BusRequest<Record<string, unknown>>) {
    return this.settings.setPreferences(m.ctx, m.data);
  }

  @MessagePattern(AuthSubjects.updateProfile)
  updateProfile(@Payload() m: BusRequest<{ firstname?: string; lastname?: string; email?: string; contactMail?: string }>) {
    return this.settings.updateProfile(m.ctx, m.data);
  }

  @MessagePattern(AuthSubjects.getFilters)
  getFilters(@Payload() m: BusRequest<{ uuid: string; mode?: string }>) {
    return this.settings.getFilters(m.ctx, m.data.uuid, m.data.mode === 'restricted');
  }

  @MessagePattern(AuthSubjects.setFilters)
  setFilters(@Payload() m: BusRequest<{ uuid: string; depositors?: number[]; activities?: number[]; stores?: number[] }>) {
    return this.settings.setFilters(m.ctx, m.data.uuid, m.data);
  }
}
