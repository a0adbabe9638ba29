import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Public, Roles } from '@portal/auth';
import { AuthSubjects, Role, type BusRequest } from '@portal/contracts';
import { PasswordsService, type NewPassword } from './passwords.service';

@Controller()
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  @Public()
  @MessagePattern(AuthSubjects.forgotPassword)
  forgotPassword(@Payload() m: BusRequest<{ email: string; locale?: string }>) {
    return this.passwords.forgotPassword(m.data.email, m.data.locale);
  }

  @Public()
  @MessagePattern(AuthSubjects.forgotLogin)
  forgotLogin(@Payload() m: BusRequest<{ email: string; locale?: string }>) {
    return this.passwords.forgotLogin(m.data.email, m.data.locale);
  }

  @Public()
  @MessagePattern(AuthSubjects.checkResetLink)
  checkResetLink(@Payload() m: BusRequest<{ token: string }>) {
    return this.passwords.checkResetLink(m.data.token);
  }

  @Public()
  @MessagePattern(AuthSubjects.resetPassword)
  resetPassword(@Payload() m: BusRequest<NewPassword & { token: string }>) {
    return this.passwords.resetPassword(m.data.token, m.data);
  }

  @MessagePattern(AuthSubjects.changePassword)
  changePassword(@Payload() m: BusRequest<NewPassword & { oldPassword: string }>) {
    return this.passwords.changePassword(m.ctx, m.data);
  }

  @Roles(Role.ADMIN_USERS)
  @MessagePattern(AuthSubjects.adminResetPassword)
  adminReset(@Payload() m: BusRequest<{ uuid: string }>) {
    return this.passwords.adminReset(m.ctx, m.data.uuid);
  }
}
