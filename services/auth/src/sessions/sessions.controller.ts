import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Public } from '@portal/auth';
import { AuthSubjects, type BusRequest } from '@portal/contracts';
import { SessionsService, type LoginRequest } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Public()
  @MessagePattern(AuthSubjects.login)
  login(@Payload() m: BusRequest<LoginRequest>) {
    return this.sessions.login(m.data);
  }

  @Public()
  @MessagePattern(AuthSubjects.resolveSession)
  resolve(@Payload() m: BusRequest<{ sessionId: string; userUuid: string }>) {
    return this.sessions.resolve(m.data.sessionId, m.data.userUuid);
  }

  @MessagePattern(AuthSubjects.logout)
  logout(@Payload() m: BusRequest) {
    return this.sessions.logout(m.ctx);
  }
}
