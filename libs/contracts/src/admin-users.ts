import { z } from 'zod';
import { bodyField as f, withFieldRule } from './body';
import { FIELD_ERRORS } from './errors';
import { defineList, listField } from './lists/kit';
import { ALL_ROLES } from './roles';
import { EXPORT_FORMATS, LABEL_FORMATS, LOCALES, PHONE_PATTERN, THEMES, TIME_ZONES } from './settings';

/**
 * User and role group administration (issue 18; spec §2 admin pages, §3 User and Right, §5
 * uniqueness, user saved before groups and filters, the second password rule, §6 ADMIN_USERS and
 * ADMIN_GROUP, §8 user and password keys). The auth service owns users and role groups.
 *
 * Who manages whom (decided here, the spec is silent):
 * - ADMIN manages everyone and grants anything.
 * - A user administrator of the provider (ADMIN_USERS, no depositor given by an administrator)
 *   manages every user but grants neither ADMIN nor a group holding it, and cannot change or
 *   deactivate an ADMIN user (resetting their password stays possible: it is mailed to them).
 * - A depositor's own administrator (ADMIN_USERS with depositors) sees and manages only the users
 *   whose depositors are all among their own (a user without depositors is the provider's, out of
 *   reach; so is any ADMIN). They grant or withdraw only roles they hold themselves (a group only
 *   when they hold every role of it) and only their own depositors; a user they create starts with
 *   all of their depositors and keeps at least one.
 * - Role groups are the provider's: changed by ADMIN_GROUP users without depositors (or ADMIN).
 */
export const AdminUsersSubjects = {
  list: 'auth.admin-user.list',
  get: 'auth.admin-user.get',
  create: 'auth.admin-user.create',
  update: 'auth.admin-user.update',
  /** Roles, role groups and filters (depositors, activities, stores) of a saved user. */
  setAccess: 'auth.admin-user.set-access',
  deactivate: 'auth.admin-user.deactivate',
  reactivate: 'auth.admin-user.reactivate',
  /** What the caller may grant: roles, groups, depositors (and the activities and stores of some). */
  options: 'auth.admin-user.options',
  rights: 'auth.right.list',
  groupList: 'auth.role-group.list',
  groupGet: 'auth.role-group.get',
  groupCreate: 'auth.role-group.create',
  groupUpdate: 'auth.role-group.update',
  groupDelete: 'auth.role-group.delete',
} as const;

/** Events of every change (who, when, before, after): the audit trail is built from them. */
export const AdminUsersEvents = {
  userCreated: 'auth.user.created',
  userUpdated: 'auth.user.updated',
  userDeactivated: 'auth.user.deactivated',
  userReactivated: 'auth.user.reactivated',
  roleGroupCreated: 'auth.role-group.created',
  roleGroupUpdated: 'auth.role-group.updated',
  roleGroupDeleted: 'auth.role-group.deleted',
} as const;

/** The payload of every AdminUsersEvents event. */
export interface AdminChangeEvent<T> {
  /** The user or role group changed (uuid of a user, code of a group). */
  subject: string;
  by: { uuid: string | null; login: string | null };
  at: string;
  before: T | null;
  after: T | null;
  /** The depositors the change concerns (a depositor's users see their colleagues' actions). */
  depositorIds: number[];
}

/** Spec §5 second password rule (forms where an administrator sets it): at least 6 characters, a lowercase, an uppercase, and a digit or one of !@#$%^&*. */
export const ADMIN_PASSWORD_MIN_LENGTH = 6;
export function isAdminPasswordValid(password: string): boolean {
  return (
    password.length >= ADMIN_PASSWORD_MIN_LENGTH &&
    password.length <= 128 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9!@#$%^&*]/.test(password)
  );
}

/** Logins: letters, digits and . _ - @ (an e-mail address works as a login). */
export const LOGIN_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const ROLE_GROUP_CODE_PATTERN = /^[A-Z0-9_-]+$/;
const ID_MAX = 2_147_483_647;
const MAX_SCOPE_IDS = 500;

const ids = () =>
  z
    .array(z.number({ error: FIELD_ERRORS.integer }).int({ error: FIELD_ERRORS.integer }).min(1, { error: FIELD_ERRORS.min }).max(ID_MAX))
    .max(MAX_SCOPE_IDS, { error: FIELD_ERRORS.max })
    .optional();

/** The §3 User fields an administrator edits (not roles, groups and filters: setAccess, once saved). */
export const adminUserInput = z.object({
  login: withFieldRule(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: FIELD_ERRORS.required })
        .min(1, { error: FIELD_ERRORS.required })
        .max(64, { error: FIELD_ERRORS.maxLength })
        .regex(LOGIN_PATTERN, { error: FIELD_ERRORS.invalidFormat }),
    ),
    { kind: 'text', max: 64 },
  ),
  email: f.email().nonoptional({ error: FIELD_ERRORS.required }),
  firstname: f.text(100),
  lastname: f.text(100),
  avatarURL: f.text(500),
  timezone: f.oneOf(TIME_ZONES as unknown as readonly [string, ...string[]]),
  phone: withFieldRule(
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : typeof v === 'string' ? v.replace(/[\s.-]/g, '') : v),
      z.string({ error: FIELD_ERRORS.phoneDigits }).regex(PHONE_PATTERN, { error: FIELD_ERRORS.phoneDigits }).optional(),
    ),
    // Spaces, dots and dashes between the digits are taken out.
    { kind: 'text', max: 30 },
  ),
  language: f.oneOf(LOCALES.map((l) => l.code) as unknown as readonly [string, ...string[]]),
  theme: f.oneOf(THEMES),
  etiquette_format: f.oneOf(LABEL_FORMATS),
  uid_zpl_printer: f.text(100),
  printerUrl: withFieldRule(
    z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z
        .string({ error: FIELD_ERRORS.printerAddress })
        .max(300)
        .regex(/^https?:\/\/[^\s/]+/, { error: FIELD_ERRORS.printerAddress })
        .optional(),
    ),
    { kind: 'text', max: 300 },
  ),
  printerPort: f.integer(1, 65_535),
  autoPrint: f.flag(),
  exportFormat: f.oneOf(EXPORT_FORMATS),
  logo: f.text(500),
  contactMail: f.email(),
  /** Set by the administrator (second rule of §5); none at creation: a generated one is mailed. */
  password: withFieldRule(
    z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string({ error: FIELD_ERRORS.invalidFormat }).optional()),
    { kind: 'text' },
  ),
  /** Refused before the first save (userNotSaved): given with setAccess. */
  roles: z.unknown().optional(),
  groups: z.unknown().optional(),
  depositors: z.unknown().optional(),
  activities: z.unknown().optional(),
  stores: z.unknown().optional(),
});
export type AdminUserInput = z.infer<typeof adminUserInput>;

/** Roles, role groups and filters of a saved user: each list replaces the one before. */
export const adminUserAccessInput = z.object({
  roles: z
    .array(
      z.custom<string>((v) => typeof v === 'string' && (ALL_ROLES as readonly string[]).includes(v), { error: FIELD_ERRORS.invalidFormat }),
    )
    .max(ALL_ROLES.length)
    .optional(),
  groups: z
    .array(z.string({ error: FIELD_ERRORS.invalidFormat }).max(64, { error: FIELD_ERRORS.maxLength }))
    .max(100, { error: FIELD_ERRORS.max })
    .optional(),
  depositors: ids(),
  activities: ids(),
  stores: ids(),
});
export type AdminUserAccessInput = z.infer<typeof adminUserAccessInput>;

export const roleGroupInput = z.object({
  code: f.code(64, ROLE_GROUP_CODE_PATTERN).nonoptional({ error: FIELD_ERRORS.required }),
  label: f.text(200).nonoptional({ error: FIELD_ERRORS.required }),
  roles: z
    .array(
      z.custom<string>((v) => typeof v === 'string' && (ALL_ROLES as readonly string[]).includes(v), { error: FIELD_ERRORS.invalidFormat }),
    )
    .max(ALL_ROLES.length)
    .default([]),
});
export type RoleGroupInput = z.infer<typeof roleGroupInput>;

/** A user as the administration screens show it (never the hash nor the lockout state). */
export interface AdminUserDto {
  /** The uuid (react-admin's id). */
  id: string;
  uuid: string;
  login: string;
  email: string;
  firstname: string;
  lastname: string;
  avatarURL: string | null;
  timezone: string;
  phone: string | null;
  language: string;
  theme: string;
  etiquette_format: string;
  uid_zpl_printer: string | null;
  printerUrl: string | null;
  printerPort: number | null;
  autoPrint: boolean;
  exportFormat: string;
  logo: string | null;
  contactMail: string | null;
  /** Roles given one by one. */
  roles: string[];
  /** Codes of the role groups. */
  groups: string[];
  /** Own roles plus the groups' roles. */
  effectiveRoles: string[];
  depositors: number[];
  activities: number[];
  stores: number[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface RoleGroupDto {
  id: number;
  code: string;
  label: string;
  roles: string[];
  /** How many users have it. */
  userCount: number;
}

/** What the caller may give (the pickers of the user form). */
export interface AdminUserOptionsDto {
  /** ADMIN or the provider's user administrator: every depositor; otherwise only theirs. */
  provider: boolean;
  roles: string[];
  groups: { code: string; label: string; roles: string[] }[];
  depositors: { id: number; code: string; label: string }[];
  /** Of the depositors asked for (`depositors` of the request). */
  activities: { id: number; depositorId: number; code: string; label: string }[];
  stores: { id: number; depositorId: number; code: string; label: string }[];
}

/** Users list: login, name, e-mail, depositor, role group, active. */
export const ADMIN_USERS_LIST = defineList({
  resource: 'admin/users',
  filter: z.object({
    login: listField.prefix(64),
    name: listField.text(100),
    email: listField.prefix(255),
    depositor: listField.id(),
    group: listField.text(64),
    active: listField.flag(),
  }),
  sorts: { login: 'text', lastname: 'text', email: 'text', createdAt: 'instant' },
  defaultSort: ['login', 'ASC'],
  maxPageSize: 500,
  maxOffset: 100_000,
});

export const ROLE_GROUPS_LIST = defineList({
  resource: 'admin/role-groups',
  filter: z.object({ q: listField.text(64), role: listField.text(64) }),
  sorts: { code: 'text', label: 'text' },
  defaultSort: ['code', 'ASC'],
  maxPageSize: 500,
  maxOffset: 10_000,
});
