import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  adminUserInput,
  FULL_SCOPE,
  IMPORT_LIST_SEPARATOR,
  LOCALES,
  parseBody,
  USER_IMPORT_COLUMNS,
  type CallerContext,
} from '@portal/contracts';
import { Db } from '@portal/db';
import {
  FileStorage,
  ImportRuns,
  keyedImportHandler,
  refusal,
  type CellValue,
  type KeyedImportKind,
  type Refusal,
  ImportRunsOwner,
} from '@portal/files';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUsersService, type UserImportLine } from './admin-users.service';
import { BackOffice } from './back-office';
import { mayGrantGroup, type Manager } from './manager';

const list = (v: CellValue) => [
  ...new Set(
    String(v ?? '')
      .split(IMPORT_LIST_SEPARATOR)
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  ),
];

/**
 * Users by import (spec §2 data import, §3 User, §5 uniqueness and "codes must be allowed"): a line
 * creates the user of its login or updates the one the importer manages, with role groups, depositors,
 * activities and stores given by code; codes beyond the importer (another depositor's, a group with
 * roles they may not give) are refused per line with importCodeNotAuthorized. Written by the users'
 * own service method, one transaction per line with its audit record.
 */
@Injectable()
export class UsersImport extends ImportRunsOwner {
  readonly runs: ImportRuns;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(FileStorage) files: FileStorage,
    private readonly users: AdminUsersRepository,
    private readonly backOffice: BackOffice,
    private readonly service: AdminUsersService,
  ) {
    super();
    this.runs = new ImportRuns(db, files, keyedImportHandler(this.kind()));
  }

  private kind(): KeyedImportKind<UserImportLine> {
    return {
      kind: 'users',
      columns: USER_IMPORT_COLUMNS,
      resolve: (ctx, v) => this.resolve(ctx, v),
      write: async (ctx, line) => {
        try {
          await this.service.importLine(ctx, line);
          return 'imported';
        } catch (e) {
          if (e instanceof AppError) return 'failed';
          throw e;
        }
      },
    };
  }

  private async resolve(ctx: CallerContext, v: Record<string, CellValue>) {
    // The language as its short code (fr) or the portal's (fr_FR).
    const language = LOCALES.find((l) => l.short === v.language || l.code === v.language)?.code ?? v.language;
    const user = {
      login: v.login,
      email: v.email,
      firstname: v.firstname,
      lastname: v.lastname,
      language,
      timezone: v.timezone,
    };
    const invalid = formRefusal(user);
    if (invalid) return invalid;
    const login = (v.login as string).trim();
    const manager = await this.users.managerFor(ctx);
    const reach = this.users.scopeOf(manager);
    const [mine] = await this.db.scopedQuery<{ uuid: string }>(reach, `SELECT uuid FROM users WHERE lower(login) = lower($1)`, [login]);
    // Uniqueness (spec §5) is over every user, as the unique indexes are: only whether the login or e-mail is taken is read.
    if (!mine && (await this.taken('login', login))) return refusal('importWriteFailed', { column: 'login', reason: 'loginAlreadyExists' });
    if (await this.taken('email', v.email as string, login))
      return refusal('importWriteFailed', { column: 'email', reason: 'emailAlreadyExists' });
    const access = await this.access(manager, v);
    if ('key' in access) return access;
    return {
      status: mine ? ('update' as const) : ('create' as const),
      depositor_id: null,
      key: login.toLowerCase(),
      payload: { uuid: mine?.uuid ?? null, user, active: v.active === true, ...access },
    };
  }

  private async taken(column: 'login' | 'email', value: string, besideLogin?: string): Promise<boolean> {
    const rows = await this.db.scopedQuery(
      FULL_SCOPE,
      `SELECT 1 FROM users WHERE lower(${column}) = lower($1) AND ($2::text IS NULL OR lower(login) <> lower($2)) LIMIT 1`,
      [value, besideLogin ?? null],
    );
    return rows.length > 0;
  }

  /** Group, depositor, activity and store codes as ids, each within the importer's reach. */
  private async access(
    manager: Manager,
    v: Record<string, CellValue>,
  ): Promise<Refusal | Pick<UserImportLine, 'groups' | 'depositors' | 'activities' | 'stores'>> {
    const groups = await this.users.groups();
    for (const code of list(v.role_groups)) {
      const group = groups.find((g) => g.code === code);
      if (!group) return refusal('importWriteFailed', { column: 'role_groups', reason: 'unknownCode', code });
      if (!mayGrantGroup(manager, group.roles)) return refusal('importCodeNotAuthorized', { column: 'role_groups', code });
    }
    const depositors = await this.backOffice.depositors(this.users.scopeOf(manager));
    const depositorIds: number[] = [];
    for (const code of list(v.depositor_codes)) {
      const found = depositors.find((d) => d.code === code);
      if (!found) return refusal('importCodeNotAuthorized', { column: 'depositor_codes', code });
      depositorIds.push(found.id);
    }
    if (manager.kind === 'depositor' && !depositorIds.length)
      return refusal('importWriteFailed', { column: 'depositor_codes', reason: 'required' });
    const { activities, stores } = await this.backOffice.activitiesAndStores(depositorIds);
    const ids = (column: string, rows: { id: number; code: string }[]): Refusal | number[] => {
      const out: number[] = [];
      for (const code of list(v[column])) {
        const matching = rows.filter((r) => r.code.toUpperCase() === code);
        if (!matching.length) return refusal('importCodeNotAuthorized', { column, code });
        out.push(...matching.map((r) => r.id));
      }
      return out;
    };
    const activityIds = ids('activity_codes', activities);
    if (!Array.isArray(activityIds)) return activityIds;
    const storeIds = ids('store_codes', stores);
    if (!Array.isArray(storeIds)) return storeIds;
    return { groups: list(v.role_groups), depositors: depositorIds, activities: activityIds, stores: storeIds };
  }
}

/** The users' form rules (login format, e-mail, language, time zone): the first field refused, as an import key. */
function formRefusal(user: Record<string, CellValue>): Refusal | null {
  try {
    parseBody(adminUserInput, Object.fromEntries(Object.entries(user).filter(([, value]) => value !== null)));
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const [column, reason] = Object.entries(e.fields ?? {})[0] ?? ['login', 'invalidFormat'];
    return column === 'email' ? refusal('importEmailFormat', { column }) : refusal('importWriteFailed', { column, reason: String(reason) });
  }
}
