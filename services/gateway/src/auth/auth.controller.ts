import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, Roles } from '@portal/auth';
import { BusClient } from '@portal/bus';
import { AuthSubjects, Role, type CallerContext, type LoginResponse } from '@portal/contracts';
import { Caller, ClientInfo } from '../http/caller';
import { SessionCache } from '../http/session-cache';
import { SessionResolver } from '../http/session-resolver';
import { UsageMeter } from '../statistics/usage-meter';
import { RateLimit } from '../http/rate-limit';
import { ChangePasswordBody, EmailBody, LoginBody, ResetPasswordBody } from './auth.dto';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly bus: BusClient,
    private readonly sessions: SessionCache,
    private readonly resolver: SessionResolver,
    private readonly usage: UsageMeter,
  ) {}

  @Public()
  @RateLimit('login')
  @Post('auth/login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with login or e-mail; 401 loginFailed, 423 accountBlocked {seconds}' })
  async login(@Caller() ctx: CallerContext, @Body() body: LoginBody, @ClientInfo() client: { ip: string; userAgent: string }) {
    const answer = await this.bus.request<LoginResponse>(AuthSubjects.login, ctx, { ...body, ...client });
    // Who signed in, for the statistics: the new session resolved beside the answer, never delaying it (the
    // first request after the sign-in then finds the session cached).
    void this.resolver
      .resolve(answer.token, ctx.requestId)
      .then((session) => this.usage.count({ ...ctx, ...session }, 'signIns'))
      .catch(() => undefined);
    return answer;
  }

  @ApiBearerAuth()
  @Post('auth/logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the current session (its token stops working at once)' })
  async logout(@Caller() ctx: CallerContext) {
    const answer = await this.bus.request(AuthSubjects.logout, ctx, {});
    this.sessions.forgetSession(ctx.user!.sessionId);
    return answer;
  }

  @Public()
  @RateLimit('forgot')
  @Post('auth/password/forgot')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails a single-use reset link valid 1 hour; same answer for unknown addresses' })
  forgotPassword(@Caller() ctx: CallerContext, @Body() body: EmailBody) {
    return this.bus.request(AuthSubjects.forgotPassword, ctx, body);
  }

  @Public()
  @RateLimit('forgot')
  @Post('auth/login/forgot')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails the login; same answer for unknown addresses' })
  forgotLogin(@Caller() ctx: CallerContext, @Body() body: EmailBody) {
    return this.bus.request(AuthSubjects.forgotLogin, ctx, body);
  }

  @Public()
  @RateLimit('reset')
  @Get('auth/password/reset/:token')
  @ApiOperation({ summary: 'Whether a reset link is still usable; 400 resetLinkInvalid' })
  checkReset(@Caller() ctx: CallerContext, @Param('token') token: string) {
    return this.bus.request(AuthSubjects.checkResetLink, ctx, { token });
  }

  @Public()
  @RateLimit('reset')
  @Post('auth/password/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with a reset link (once); ends every session' })
  reset(@Caller() ctx: CallerContext, @Body() body: ResetPasswordBody) {
    return this.bus.request(AuthSubjects.resetPassword, ctx, body);
  }

  @ApiBearerAuth()
  @Post('user/password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes the password (current one required); other sessions end, a new token is returned' })
  async changePassword(@Caller() ctx: CallerContext, @Body() body: ChangePasswordBody) {
    const answer = await this.bus.request(AuthSubjects.changePassword, ctx, body);
    this.sessions.forgetUser(ctx.user!.uuid);
    return answer;
  }

  @ApiBearerAuth()
  @Roles(Role.ADMIN_USERS)
  @Post('admin/users/:uuid/reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: "Admin: generates a new password, mails it and ends the user's sessions" })
  async adminReset(@Caller() ctx: CallerContext, @Param('uuid') uuid: string) {
    const answer = await this.bus.request(AuthSubjects.adminResetPassword, ctx, { uuid });
    this.sessions.forgetUser(uuid);
    return answer;
  }
}
