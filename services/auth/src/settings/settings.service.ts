import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox, BusClient, OutboxRelay } from '@portal/bus';
import { Db } from '@portal/db';
import {
  AdminSubjects,
  AppError,
  EventTypes,
  EXPORT_FORMATS,
  findLocale,
  LABEL_FORMATS,
  normalizePhone,
  parsePrinterUri,
  EMPTY_SCOPE,
  FULL_SCOPE,
  Role,
  THEMES,
  TIME_ZONES,
  UI_PREFERENCE_DEFAULTS,
  UI_PREFERENCE_MAX_LENGTH,
  UI_PREFERENCE_KEYS,
  hasAnyRole,
  type ActivityDto,
  type CallerContext,
  type DepositorDto,
  type StoreDto,
  type UserDto,
  type PlatformDto,
  type UserFiltersDto,
} from '@portal/contracts';
import { AdminUsersRepository } from '../admin-users/admin-users.repository';
import type { User } from '../users/user.entity';
import { presentUser } from '../users/user.presenter';
import { UsersRepository } from '../users/users.repository';

/** The one-value settings of spec §7 (`POST /user/<setting>/{value}`). */
export type SettingName = 'language' | 'theme' | 'export' | 'timezone' | 'phone' | 'labelFormat' | 'zplPrinter' | 'autoPrint';

const LABEL_ROLES = [Role.DASHTOWER_USER, Role.ADMIN_DASHTOWER_USER];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

@Injectable()
export class SettingsService {
  constructor(
    @Inject(Db) private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly bus: BusClient,
    private readonly outbox: OutboxRelay,
    private readonly administered: AdminUsersRepository,
  ) {}

  async me(ctx: CallerContext): Promise<UserDto> {
    return this.present(await this.users.getById(ctx.user!.id));
  }

  /** Validates a value against its §9 set and stores it; `uuid` targets another user (admins). */
  async set(ctx: CallerContext, name: SettingName, value: string, uuid?: string): Promise<UserDto> {
    const target = await this.target(ctx, name, uuid);
    const user = await this.users.update(target.id, changeFor(name, String(value ?? '')));
    if (name === 'language' || name === 'timezone') await this.contextChanged(user);
    return this.present(user);
  }

  /** Tells the gateways that sessions of this user carry a stale context (language, zone, scope). */
  private async contextChanged(user: User): Promise<void> {
    await this.db.system.transaction((em) => addToOutbox(em, 'auth', EventTypes.userContextChanged, { userUuid: user.uuid }));
    this.outbox.kick();
  }

  async setPrinterUri(ctx: CallerContext, printerUri: string): Promise<UserDto> {
    const printer = parsePrinterUri(String(printerUri ?? ''));
    if (!printer) {
      throw new AppError('invalidPrinterUri', 'printer address must be http(s)://host:port', undefined, { printer_uri: 'printerAddress' });
    }
    return this.present(await this.users.update(ctx.user!.id, { printerUrl: printer.url, printerPort: printer.port }));
  }

  async setPreferences(ctx: CallerContext, input: Record<string, unknown>): Promise<UserDto> {
    const user = await this.users.getById(ctx.user!.id);
    const next = { ...user.preferences };
    for (const [key, value] of Object.entries(input ?? {})) {
      if (
        !UI_PREFERENCE_KEYS.includes(key as keyof typeof UI_PREFERENCE_DEFAULTS) ||
        typeof value !== 'string' ||
        value.length > UI_PREFERENCE_MAX_LENGTH
      ) {
        throw new AppError('invalidPreference', `unknown preference ${key}`, { key });
      }
      next[key] = value;
    }
    return this.present(await this.users.update(user.id, { preferences: next }));
  }

  async updateProfile(
    ctx: CallerContext,
    input: { firstname?: string; lastname?: string; email?: string; contactMail?: string | null },
  ): Promise<UserDto> {
    const fields: Record<string, 'required' | 'invalidEmail' | 'maxLength'> = {};
    const text = (name: string, value: unknown, required: boolean) => {
      if (value === undefined) return undefined;
      const v = String(value ?? '').trim();
      if (required && !v) fields[name] = 'required';
      else if (v.length > 100) fields[name] = 'maxLength';
      return v;
    };
    const firstname = text('firstname', input.firstname, true);
    const lastname = text('lastname', input.lastname, true);
    const email = text('email', input.email, true);
    const contactMail = input.contactMail === null ? '' : text('contactMail', input.contactMail, false);
    if (email && !EMAIL.test(email)) fields.email = 'invalidEmail';
    if (contactMail && !EMAIL.test(contactMail)) fields.contactMail = 'invalidEmail';
    if (Object.keys(fields).length) throw new AppError('validationFailed', 'invalid profile', undefined, fields);
    const changes: Partial<User> = {};
    if (firstname !== undefined) changes.firstname = firstname;
    if (lastname !== undefined) changes.lastname = lastname;
    if (email !== undefined) changes.email = email;
    if (contactMail !== undefined) changes.contactMail = contactMail || null;
    return this.present(await this.users.update(ctx.user!.id, changes));
  }

  /** The depositors, activities and stores allowed to a user, with the ones of their filter marked. */
  async getFilters(ctx: CallerContext, uuid: string, restricted: boolean): Promise<UserFiltersDto> {
    const user = await this.ownOrAdministered(ctx, uuid);
    const allowed = await this.allowedOptions(ctx, user);
    const mark = <T extends { id: number; code: string; label: string }>(items: T[], chosen: number[]) =>
      items
        .map((i) => ({ id: i.id, code: i.code, label: i.label, selected: chosen.includes(i.id) }))
        .filter((i) => !restricted || i.selected);
    return {
      depositors: mark(allowed.depositors, user.filterDepositorIds),
      activities: mark(allowed.activities, user.filterActivityIds),
      stores: mark(allowed.stores, user.filterStoreIds),
      platforms: mark(allowed.platforms, user.filterPlatformIds),
    };
  }

  async setFilters(
    ctx: CallerContext,
    uuid: string,
    input: { depositors?: number[]; activities?: number[]; stores?: number[]; platforms?: number[] },
  ): Promise<UserFiltersDto> {
    const user = await this.ownOrAdministered(ctx, uuid);
    const allowed = await this.allowedOptions(ctx, user);
    const pick = (name: string, values: unknown, options: { id: number }[]) => {
      if (values === undefined) return [];
      if (!Array.isArray(values) || values.some((v) => !Number.isInteger(v)))
        throw new AppError('invalidFilter', `${name} must be a list of ids`, { field: name });
      const unknown = values.filter((v) => !options.some((o) => o.id === v));
      if (unknown.length) throw new AppError('invalidFilter', `${name} outside the allowed list`, { field: name, ids: unknown });
      return [...new Set(values as number[])];
    };
    const updated = await this.users.update(user.id, {
      filterDepositorIds: pick('depositors', input?.depositors, allowed.depositors),
      filterActivityIds: pick('activities', input?.activities, allowed.activities),
      filterStoreIds: pick('stores', input?.stores, allowed.stores),
      filterPlatformIds: pick('platforms', input?.platforms, allowed.platforms),
    });
    await this.contextChanged(updated);
    return this.getFilters(ctx, uuid, false);
  }

  /** Asks the admin service for the labels of what the user may see (their whole scope, unfiltered). */
  private async allowedOptions(ctx: CallerContext, user: User) {
    const scope = user.roles.includes(Role.ADMIN)
      ? FULL_SCOPE
      : { ...EMPTY_SCOPE, depositorIds: user.depositorIds, activityIds: user.activityIds, storeIds: user.storeIds };
    const asUser: CallerContext = { ...ctx, scope };
    const [depositors, activities, stores, platforms] = await Promise.all([
      this.bus.request<DepositorDto[]>(AdminSubjects.depositors, asUser, {}),
      this.bus.request<ActivityDto[]>(AdminSubjects.activities, asUser, {}),
      this.bus.request<StoreDto[]>(AdminSubjects.stores, asUser, {}),
      this.bus.request<PlatformDto[]>(AdminSubjects.platforms, asUser, {}),
    ]);
    return { depositors, activities, stores, platforms };
  }

  private async ownOrAdministered(ctx: CallerContext, uuid: string): Promise<User> {
    if (uuid === ctx.user!.uuid) return this.users.getById(ctx.user!.id);
    if (!hasAnyRole(ctx.roles, [Role.ADMIN_USERS])) throw new AppError('userNotFound', 'user not found');
    return this.withinReach(ctx, uuid);
  }

  /** Another user, when the caller administers them (a depositor's administrator: their depositors' users only). */
  private async withinReach(ctx: CallerContext, uuid: string): Promise<User> {
    await this.administered.get(ctx, await this.administered.managerFor(ctx), uuid);
    return this.users.getByUuid(uuid);
  }

  private async target(ctx: CallerContext, name: SettingName, uuid?: string): Promise<User> {
    if (name === 'labelFormat' || name === 'zplPrinter' || name === 'autoPrint') {
      if (!hasAnyRole(ctx.roles, LABEL_ROLES)) throw new AppError('permissionDenied', 'label settings need DASHTOWER_USER');
      if (uuid && uuid !== ctx.user!.uuid) {
        if (!hasAnyRole(ctx.roles, [Role.ADMIN_DASHTOWER_USER])) throw new AppError('userNotFound', 'user not found');
        return this.withinReach(ctx, uuid);
      }
    }
    return this.users.getById(ctx.user!.id);
  }

  private async present(user: User): Promise<UserDto> {
    return presentUser(user, await this.users.roleGroupsOf(user.id));
  }
}

function changeFor(name: SettingName, value: string): Partial<User> {
  switch (name) {
    case 'language': {
      const locale = findLocale(value);
      if (!locale) throw new AppError('invalidLanguage', `unknown language ${value}`, { value });
      return { language: locale.code };
    }
    case 'theme':
      if (!(THEMES as readonly string[]).includes(value)) throw new AppError('invalidTheme', `unknown theme ${value}`, { value });
      return { theme: value };
    case 'export':
      if (!(EXPORT_FORMATS as readonly string[]).includes(value))
        throw new AppError('invalidExportFormat', `unknown export format ${value}`, { value });
      return { exportFormat: value };
    case 'timezone':
      if (!TIME_ZONES.includes(value)) throw new AppError('invalidTimezone', `unknown time zone ${value}`, { value });
      return { timezone: value };
    case 'phone': {
      const phone = normalizePhone(value);
      if (!phone) throw new AppError('invalidPhone', 'phone: digits only', { value }, { phone: 'phoneDigits' });
      return { phone };
    }
    case 'labelFormat':
      if (!(LABEL_FORMATS as readonly string[]).includes(value))
        throw new AppError('invalidLabelFormat', `unknown label format ${value}`, { value });
      return { etiquetteFormat: value };
    case 'zplPrinter':
      // The uid the printer agent gives: a name, a network address or a USB path (\\?\usb#vid_0a5f&…), printable ASCII.
      if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw new AppError('invalidPrinter', 'invalid printer id', { value });
      return { uidZplPrinter: value };
    case 'autoPrint':
      if (!['on', 'off'].includes(value)) throw new AppError('validationFailed', 'autoPrint: on or off', { value });
      return { autoPrint: value === 'on' };
  }
}
