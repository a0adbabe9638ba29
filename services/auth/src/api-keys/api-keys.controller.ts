import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Public } from '@portal/auth';
import { AuthSubjects, type BusRequest } from '@portal/contracts';
import { ApiKeysService } from './api-keys.service';

@Controller()
export class ApiKeysController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  @Public()
  @MessagePattern(AuthSubjects.resolveApiKey)
  resolve(@Payload() m: BusRequest<{ key: string }>) {
    return this.apiKeys.resolve(m.data.key);
  }
}
