import { createHash, randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { hashPassword, verifyPassword } from '@portal/auth';
import { addToOutbox, OutboxRelay } from '@portal/bus';
import { AppError, EventTypes, isPasswordValid, type CallerContext } from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import { Mailer, MailTemplates } from '@portal/mail';
import { AdminUsersRepository } from '../admin-users/admin-users.repository';
import { SessionsService } from '../sessions/sessions.service';
import { CLEARED } from '../sessions/lockout';
import type { User } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';

export const RESET_LINK_TTL_MS = 60 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function publicUrl(): string {
  return (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
}

export interface NewPassword {
  password: string;
  confirmation: string;
}

/** Spec §5: at least 8 characters with upper and lower case and a digit; confirmation must match. */
export function checkNewPassword({ password, confirmation }: NewPassword): void {
  if (typeof password !== 'string' || !isPasswordValid(password))
    throw new AppError('wrongPasswordFormat', 'password does not follow the rules');
  if (password !== confirmation) throw new AppError('wrongPasswordConfirmation', 'confirmation does not match');
}

@Injectable()
export class PasswordsService {
  private readonly logger = new Logger('Passwords');
  private readonly templates = new MailTemplates(path.join(__dirname, '..', 'mail-templates'));

  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    private readonly outbox: OutboxRelay,
    private readonly adminUsers: AdminUsersRepository,
  ) {}

  /** Same answer whether or not the address is known; the mail leaves in the background. */
  async forgotPassword(email: string, locale?: string): Promise<{ ok: true }> {
    const user = typeof email === 'string' && email ? await this.users.findByEmail(email) : null;
    if (user && !user.disabled) {
      const token = randomBytes(32).toString('base64url');
      await this.db.system.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)`, [
        sha256(token),
        user.id,
        new Date(Date.now() + RESET_LINK_TTL_MS),
      ]);
      const link = `${publicUrl()}/reset-password?token=${encodeURIComponent(token)}`;
      this.mailInBackground(user, 'reset-password', { link, firstname: user.firstname || user.login, minutes: 60 }, locale);
    }
    return { ok: true };
  }

  async forgotLogin(email: string, locale?: string): Promise<{ ok: true }> {
    const user = typeof email === 'string' && email ? await this.users.findByEmail(email) : null;
    if (user && !user.disabled) {
      this.mailInBackground(
        user,
        'forgot-login',
        { login: user.login, firstname: user.firstname || user.login, link: `${publicUrl()}/login` },
        locale,
      );
    }
    return { ok: true };
  }

  async checkResetLink(token: string): Promise<{ ok: true }> {
    const rows = await this.db.system.query(
      `SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [sha256(String(token ?? ''))],
    );
    if (!rows.length) throw new AppError('resetLinkInvalid', 'reset link invalid or expired');
    return { ok: true };
  }

  /** Uses a reset link once: the link is consumed and the sessions end in the same transaction. */
  async resetPassword(token: string, input: NewPassword): Promise<{ ok: true }> {
    await this.checkResetLink(token);
    checkNewPassword(input);
    const hash = await hashPassword(input.password);
    await this.db.system.transaction(async (em) => {
      const used = rowsOf<{ user_id: number }>(
        await em.query(
          `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
          [sha256(String(token))],
        ),
      );
      if (!used.length) throw new AppError('resetLinkInvalid', 'reset link invalid or expired');
      const user = await this.users.update(used[0].user_id, { passwordHash: hash, ...CLEARED }, em);
      await this.sessions.revokeAll(em, user.id, user.uuid, 'password-reset');
      await addToOutbox(em, 'auth', EventTypes.userPasswordChanged, { userUuid: user.uuid, by: 'reset-link' });
    });
    this.outbox.kick();
    return { ok: true };
  }

  /** Settings > password: the current password must be right; every session ends, a new one opens. */
  async changePassword(ctx: CallerContext, input: NewPassword & { oldPassword: string }): Promise<{ ok: true; token: string }> {
    const user = await this.users.getById(ctx.user!.id);
    if (!(await verifyPassword(user.passwordHash, String(input.oldPassword ?? '')))) {
      throw new AppError('wrongOldPassword', 'current password is wrong');
    }
    checkNewPassword(input);
    const hash = await hashPassword(input.password);
    await this.db.system.transaction(async (em) => {
      await this.users.update(user.id, { passwordHash: hash }, em);
      await this.sessions.revokeAll(em, user.id, user.uuid, 'password-change');
      await addToOutbox(em, 'auth', EventTypes.userPasswordChanged, { userUuid: user.uuid, by: 'user' });
    });
    this.outbox.kick();
    return { ok: true, token: await this.sessions.openFor(user.id, user.uuid) };
  }

  /** Admin "reset password" (spec §4, §6): a generated password is mailed; sessions end. */
  async adminReset(ctx: CallerContext, uuid: string): Promise<{ ok: true }> {
    // Only a user within the administrator's reach (a depositor's administrator: their depositors' users).
    await this.adminUsers.get(ctx, await this.adminUsers.managerFor(ctx), uuid);
    const user = await this.users.getByUuid(uuid);
    if (!user.email) throw new AppError('userEmailEmpty', 'user has no e-mail');
    const password = generatePassword();
    const hash = await hashPassword(password);
    await this.db.system.transaction(async (em) => {
      await this.users.update(user.id, { passwordHash: hash, ...CLEARED }, em);
      await this.sessions.revokeAll(em, user.id, user.uuid, 'admin-reset');
      await addToOutbox(em, 'auth', EventTypes.passwordResetByAdmin, {
        userUuid: user.uuid,
        login: user.login,
        by: ctx.user?.login,
        at: new Date().toISOString(),
      });
    });
    this.outbox.kick();
    const mail = this.templates.render('admin-reset-password', user.language, {
      firstname: user.firstname || user.login,
      login: user.login,
      password,
      link: `${publicUrl()}/login`,
    });
    try {
      await this.mailer.send({ to: user.email, ...mail }, 'admin-reset-password');
    } catch {
      throw new AppError('mailSendFailed', 'the new password could not be mailed');
    }
    return { ok: true };
  }

  private mailInBackground(user: User, template: string, vars: Record<string, unknown>, locale?: string): void {
    const mail = this.templates.render(template, locale || user.language, vars);
    this.mailer
      .send({ to: user.email, ...mail }, template)
      .catch((e: unknown) => this.logger.warn(`${template} mail failed: ${String(e)}`));
  }
}

/** 12 characters from an unambiguous alphabet, always with upper, lower and digit. */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < 12) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
