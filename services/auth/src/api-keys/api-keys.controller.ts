import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Public, Roles } from '@portal/auth';
import { API_KEY_MANAGERS, ApiKeySubjects, AuthSubjects, type BusRequest } from '@portal/contracts';
import { ApiKeysService } from './api-keys.service';

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Public()
  @MessagePattern(AuthSubjects.resolveApiKey)
  resolve(@Payload() m: BusRequest<{ key: string }>) {
    return this.apiKeys.resolve(m.data?.key, m.ctx?.requestId);
  }

  @Roles(...API_KEY_MANAGERS)
  @MessagePattern(ApiKeySubjects.list)
  list(@Payload() m: BusRequest) {
    return this.apiKeys.list(m.ctx);
  }

  @Roles(...API_KEY_MANAGERS)
  @MessagePattern(ApiKeySubjects.create)
  create(@Payload() m: BusRequest<unknown>) {
    return this.apiKeys.create(m.ctx, m.data);
  }

  @Roles(...API_KEY_MANAGERS)
  @MessagePattern(ApiKeySubjects.revoke)
  revoke(@Payload() m: BusRequest<{ id: unknown }>) {
    return this.apiKeys.revoke(m.ctx, m.data?.id);
  }
}
