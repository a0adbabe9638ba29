import path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { hashPassword } from '@portal/auth';
import { addToOutbox, OutboxRelay, recordAuditChange } from '@portal/bus';
import {
  ADMIN_USERS_LIST,
  AdminUsersEvents,
  adminUserAccessInput,
  adminUserInput,
  ALL_ROLES,
  AppError,
  EventTypes,
  isAdminPasswordValid,
  parseBody,
  parseListRequest,
  type AdminChangeEvent,
  type AdminUserDto,
  type AdminUserInput,
  type AdminUserOptionsDto,
  type CallerContext,
  type ListPage,
} from '@portal/contracts';
import { Mailer, MailTemplates } from '@portal/mail';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { generatePassword, publicUrl } from '../passwords/passwords.service';
import { CLEARED } from '../sessions/lockout';
import { SessionsService } from '../sessions/sessions.service';
import { AdminUsersRepository, type AdminUserRow } from './admin-users.repository';
import { BackOffice } from './back-office';
import { mayGrantGroup, mayGrantRole, requireChangeable, requireDepositors, requireGrantable, type Manager } from './manager';

/** The §3 User fields of the form, as columns of `users`. */
const COLUMNS: Partial<Record<keyof AdminUserInput, string>> = {
  login: 'login',
  email: 'email',
  firstname: 'firstname',
  lastname: 'lastname',
  avatarURL: 'avatar_url',
  timezone: 'timezone',
  phone: 'phone',
  language: 'language',
  theme: 'theme',
  etiquette_format: 'etiquette_format',
  uid_zpl_printer: 'uid_zpl_printer',
  printerUrl: 'printer_url',
  printerPort: 'printer_port',
  autoPrint: 'auto_print',
  exportFormat: 'export_format',
  logo: 'logo',
  contactMail: 'contact_mail',
};
/** Fields a bare form may leave empty: they are cleared, not kept. */
const NULLABLE = new Set(['avatar_url', 'phone', 'uid_zpl_printer', 'printer_url', 'printer_port', 'logo', 'contact_mail']);
/** What the caller context carries (the gateways drop their cached sessions when it changes). */
const CONTEXT_FIELDS = ['language', 'timezone', 'roles', 'groups', 'depositors', 'activities', 'stores'] as const;

/** What one line of a users import writes (users-import.ts resolves the codes into ids). */
export interface UserImportLine {
  uuid: string | null;
  user: Record<string, unknown>;
  active: boolean;
  groups: string[];
  depositors: number[];
  activities: number[];
  stores: number[];
}

const publicOf = ({ internalId: _, ...dto }: AdminUserRow): AdminUserDto => dto;

/**
 * User administration (issue 18 items 1 and 5): the list, creation (a generated password mailed
 * unless the administrator sets one, §5 second rule), edition of every §3 field, then roles, role
 * groups and filters once saved, deactivation ending the sessions. Every change goes on the outbox
 * with who, when, before and after.
 */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger('AdminUsers');
  private readonly templates = new MailTemplates(path.join(__dirname, '..', 'mail-templates'));

  constructor(
    private readonly users: AdminUsersRepository,
    private readonly backOffice: BackOffice,
    private readonly sessions: SessionsService,
    private readonly outbox: OutboxRelay,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async list(ctx: CallerContext, data: unknown): Promise<ListPage<AdminUserDto>> {
    const query = parseListRequest(ADMIN_USERS_LIST, data);
    return this.users.list(ctx, await this.users.managerFor(ctx), query);
  }

  async get(ctx: CallerContext, data: unknown): Promise<AdminUserDto> {
    return publicOf(await this.users.get(ctx, await this.users.managerFor(ctx), uuidOf(data)));
  }

  /** Spec §5: groups and filters wait for the first save (userNotSaved); a depositor's administrator's user starts with their depositors. */
  async create(ctx: CallerContext, data: unknown): Promise<AdminUserDto> {
    const input = parseBody(adminUserInput, data);
    if ((['roles', 'groups', 'depositors', 'activities', 'stores'] as const).some((k) => hasValue(input[k])))
      throw new AppError('userNotSaved', 'roles, groups and filters are given once the user is saved');
    const manager = await this.users.managerFor(ctx);
    const password = input.password ?? generatePassword();
    if (input.password !== undefined) checkAdminPassword(input.password);
    const columns = {
      ...columnsOf(input, true),
      uuid: randomUUID(),
      password_hash: await hashPassword(password),
      depositor_ids: manager.kind === 'depositor' ? manager.depositorIds : [],
    };
    const created = await this.users.transaction(manager, async (em) => {
      await this.users.insert(em, columns);
      const after = await this.users.get(ctx, manager, columns.uuid, em);
      await this.record(em, ctx, manager, AdminUsersEvents.userCreated, null, after);
      return after;
    });
    this.outbox.kick();
    if (input.password === undefined) this.mailPassword(created, password, 'account-created');
    return publicOf(created);
  }

  /** Every §3 field of the form (roles, groups and filters go through setAccess); a new password ends the sessions. */
  async update(ctx: CallerContext, data: unknown): Promise<AdminUserDto> {
    const { uuid, user } = (data ?? {}) as { uuid?: unknown; user?: unknown };
    const input = parseBody(adminUserInput, user);
    if (input.password !== undefined) checkAdminPassword(input.password);
    const manager = await this.users.managerFor(ctx);
    const hash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    const after = await this.users.transaction(manager, async (em) => {
      const before = await this.users.get(ctx, manager, uuid, em);
      requireChangeable(manager, before);
      await this.users.update(em, before.internalId, { ...columnsOf(input, false), ...(hash && { password_hash: hash }) });
      if (hash) await this.sessions.revokeAll(em, before.internalId, before.uuid, 'admin-password');
      const after = await this.users.get(ctx, manager, before.uuid, em);
      await this.record(em, ctx, manager, AdminUsersEvents.userUpdated, before, after, { passwordSet: !!hash });
      return after;
    });
    this.outbox.kick();
    return publicOf(after);
  }

  /** Roles, role groups and filters (depositors, activities, stores) of a saved user; each list given replaces the one before. */
  async setAccess(ctx: CallerContext, data: unknown): Promise<AdminUserDto> {
    const { uuid, access } = (data ?? {}) as { uuid?: unknown; access?: unknown };
    const input = parseBody(adminUserAccessInput, access);
    const manager = await this.users.managerFor(ctx);
    const current = await this.users.get(ctx, manager, uuid);
    requireChangeable(manager, current);
    const groups = await this.users.groups();
    const next = {
      roles: unique(input.roles ?? current.roles),
      groups: unique((input.groups ?? current.groups).map((c) => c.trim().toUpperCase())),
      depositors: unique(input.depositors ?? current.depositors),
      activities: unique(input.activities ?? current.activities),
      stores: unique(input.stores ?? current.stores),
    };
    const chosen = next.groups.map((code) => groups.find((g) => g.code === code));
    if (chosen.includes(undefined)) throw new AppError('validationFailed', 'unknown role group', undefined, { groups: 'unknownCode' });
    requireGrantable(manager, {
      roles: [current.roles, next.roles],
      groups: [groups.filter((g) => current.groups.includes(g.code)), chosen as typeof groups],
    });
    requireDepositors(manager, next.depositors);
    await this.backOffice.check(this.users.scopeOf(manager), next);
    const after = await this.users.transaction(manager, async (em) => {
      const before = await this.users.get(ctx, manager, current.uuid, em);
      await this.users.update(em, before.internalId, {
        roles: next.roles,
        depositor_ids: next.depositors,
        activity_ids: next.activities,
        store_ids: next.stores,
      });
      await this.users.setGroups(
        em,
        before.internalId,
        chosen.map((g) => g!.id),
      );
      const after = await this.users.get(ctx, manager, before.uuid, em);
      await this.record(em, ctx, manager, AdminUsersEvents.userUpdated, before, after);
      return after;
    });
    this.outbox.kick();
    return publicOf(after);
  }

  /**
   * One line of a users import (back-office data import), in one transaction: the user created (a
   * generated password mailed, never a column) or updated by login, with their role groups, filters
   * and active flag; the same rules as the form and setAccess, the same audit record.
   */
  async importLine(ctx: CallerContext, line: UserImportLine): Promise<AdminUserDto> {
    const input = parseBody(adminUserInput, line.user);
    const manager = await this.users.managerFor(ctx);
    const groups = await this.users.groups();
    const chosen = line.groups.map((code) => groups.find((g) => g.code === code));
    if (chosen.includes(undefined)) throw new AppError('validationFailed', 'unknown role group', undefined, { groups: 'unknownCode' });
    requireDepositors(manager, line.depositors);
    await this.backOffice.check(this.users.scopeOf(manager), line);
    const password = line.uuid ? null : generatePassword();
    const access = { depositor_ids: line.depositors, activity_ids: line.activities, store_ids: line.stores, disabled: !line.active };
    const after = await this.users.transaction(manager, async (em) => {
      const before = line.uuid ? await this.users.get(ctx, manager, line.uuid, em) : null;
      if (before) requireChangeable(manager, before);
      requireGrantable(manager, {
        roles: [[], []],
        groups: [groups.filter((g) => before?.groups.includes(g.code)), chosen as typeof groups],
      });
      const uuid = before?.uuid ?? randomUUID();
      if (before) await this.users.update(em, before.internalId, { ...columnsOf(input, true), ...access });
      const id =
        before?.internalId ??
        (await this.users.insert(em, { ...columnsOf(input, true), ...access, uuid, password_hash: await hashPassword(password!) }));
      if (before?.active && !line.active) await this.sessions.revokeAll(em, before.internalId, before.uuid, 'deactivated');
      await this.users.setGroups(
        em,
        id,
        chosen.map((g) => g!.id),
      );
      const after = await this.users.get(ctx, manager, uuid, em);
      await this.record(em, ctx, manager, before ? AdminUsersEvents.userUpdated : AdminUsersEvents.userCreated, before, after);
      return after;
    });
    this.outbox.kick();
    if (password) this.mailPassword(after, password, 'account-created');
    return publicOf(after);
  }

  /** Deactivation ends every session at once and blocks login; nobody deactivates themselves. */
  async deactivate(ctx: CallerContext, data: unknown): Promise<AdminUserDto> {
    return this.setActive(ctx, uuidOf(data), false);
  }

  async reactivate(ctx: CallerContext, data: unknown): Promise<AdminUserDto> {
    return this.setActive(ctx, uuidOf(data), true);
  }

  /** The roles, groups, depositors (and the activities and stores of `depositors`) the caller may give. */
  async options(ctx: CallerContext, data: unknown): Promise<AdminUserOptionsDto> {
    const manager = await this.users.managerFor(ctx);
    const reach = this.users.scopeOf(manager);
    const asked = parseBody(adminUserAccessInput.pick({ depositors: true }), data).depositors ?? [];
    const depositors = await this.backOffice.depositors(reach);
    const ids = asked.filter((id) => depositors.some((d) => d.id === id));
    const { activities, stores } = await this.backOffice.activitiesAndStores(ids);
    const ref = <T extends { id: number; code: string; label: string }>(r: T) => ({ id: r.id, code: r.code, label: r.label });
    return {
      provider: manager.kind !== 'depositor',
      roles: ALL_ROLES.filter((r) => mayGrantRole(manager, r)),
      groups: (await this.users.groups())
        .filter((g) => mayGrantGroup(manager, g.roles))
        .map(({ code, label, roles }) => ({ code, label, roles })),
      depositors: depositors.map(ref),
      activities: activities.map((a) => ({ ...ref(a), depositorId: a.depositorId })),
      stores: stores.map((s) => ({ ...ref(s), depositorId: s.depositorId })),
    };
  }

  private async setActive(ctx: CallerContext, uuid: string, active: boolean): Promise<AdminUserDto> {
    const manager = await this.users.managerFor(ctx);
    const after = await this.users.transaction(manager, async (em) => {
      const before = await this.users.get(ctx, manager, uuid, em);
      requireChangeable(manager, before);
      if (!active && before.uuid === ctx.user?.uuid) throw new AppError('permissionDenied', 'one cannot deactivate oneself');
      await this.users.update(em, before.internalId, active ? { disabled: false, ...lockoutCleared() } : { disabled: true });
      if (!active) await this.sessions.revokeAll(em, before.internalId, before.uuid, 'deactivated');
      const after = await this.users.get(ctx, manager, before.uuid, em);
      await this.record(em, ctx, manager, active ? AdminUsersEvents.userReactivated : AdminUsersEvents.userDeactivated, before, after);
      return after;
    });
    this.outbox.kick();
    return publicOf(after);
  }

  /** The change on the outbox (audit trail), and a context change for the gateways' session caches. */
  private async record(
    em: EntityManager,
    ctx: CallerContext,
    manager: Manager,
    type: string,
    before: AdminUserRow | null,
    after: AdminUserRow,
    extra: { passwordSet?: boolean } = {},
  ): Promise<void> {
    const payload: AdminChangeEvent<AdminUserDto> & { passwordSet?: boolean } = {
      subject: after.uuid,
      by: { uuid: manager.uuid, login: manager.login },
      at: new Date().toISOString(),
      before: before && publicOf(before),
      after: publicOf(after),
      depositorIds: unique([...(before?.depositors ?? []), ...after.depositors]),
      ...(extra.passwordSet && { passwordSet: true }),
    };
    await addToOutbox(em, 'auth', type, payload);
    // The audit trail (admin service): deactivation and reactivation read as an update of `active`.
    await recordAuditChange(em, ctx, 'auth', {
      entity: 'user',
      id: after.uuid,
      label: after.login,
      action: before ? 'updated' : 'created',
      depositorIds: payload.depositorIds,
      before: payload.before as unknown as Record<string, unknown> | null,
      after: { ...payload.after, ...(extra.passwordSet && { password: 'set' }) } as Record<string, unknown>,
    });
    if (before && CONTEXT_FIELDS.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])))
      await addToOutbox(em, 'auth', EventTypes.userContextChanged, { userUuid: after.uuid });
  }

  private mailPassword(user: AdminUserRow, password: string, template: string): void {
    const mail = this.templates.render(template, user.language, {
      firstname: user.firstname || user.login,
      login: user.login,
      password,
      link: `${publicUrl()}/login`,
    });
    this.mailer
      .send({ to: user.email, ...mail }, template)
      .catch((e: unknown) => this.logger.warn(`${template} mail failed: ${String(e)}`));
  }
}

/** Spec §5 second rule (a password set by an administrator): wrongPasswordFormat otherwise. */
export function checkAdminPassword(password: string): void {
  if (!isAdminPasswordValid(password)) throw new AppError('wrongPasswordFormat', 'password does not follow the rules');
}

function columnsOf(input: AdminUserInput, creating: boolean): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof AdminUserInput, string][]) {
    const value = input[field];
    if (value !== undefined) columns[column] = value;
    else if (!creating && NULLABLE.has(column)) columns[column] = null;
  }
  return columns;
}

const lockoutCleared = () => ({ failed_logins: CLEARED.failedLogins, failure_window_start: null, blocked_until: null });
const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
const unique = <T>(list: readonly T[]): T[] => [...new Set(list)];
const uuidOf = (data: unknown): string => String((data as { uuid?: unknown } | null)?.uuid ?? '');
