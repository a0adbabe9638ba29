import { Inject, Injectable } from '@nestjs/common';
import { auditedWrite, OutboxRelay, providerScope, requireWholeReach, rowId, type AuditedRows } from '@portal/bus';
import {
  AppError,
  carrierAccountInput,
  CONNECTOR_FIELDS,
  CONNECTOR_ONE_OF_SECRETS,
  FIELD_ERRORS,
  notFound,
  parseBody,
  systemContext,
  type CallerContext,
  type CarrierAccountDto,
  type CarrierConnector,
  type CarrierEnvironment,
  type ConnectionTestDto,
  type FieldErrorKey,
} from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import type { EntityManager } from 'typeorm';
import { testConnection, type OpenAccount } from '../connectors/connection-test';
import { CarrierSecrets, loadCarrierSecretsKey } from './secrets';

interface AccountRow {
  tour_id: number;
  connector: CarrierConnector;
  environment: CarrierEnvironment;
  base_url: string | null;
  settings: Record<string, string>;
  secrets: string | null;
  secret_names: string[];
  updated_at: string | null;
  secrets_updated_at: string | null;
}

const stamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ACCOUNT_COLUMNS = `a.tour_id, a.connector, a.environment, a.base_url, a.settings, a.secrets, a.secret_names,
  ${stamp('a.updated_at')} AS updated_at, ${stamp('a.secrets_updated_at')} AS secrets_updated_at`;
/** What binds sealed credentials to their tour: copied onto another, they do not open. */
const aad = (tourId: number) => `carrier-account:tour:${tourId}`;

/**
 * The trail of an account: what changed, and that credentials changed (their names and when),
 * never their values, sealed or not. (Named "credentials": the trail masks fields named like secrets.)
 */
const AUDITED: AuditedRows<Record<string, unknown>> = {
  service: 'huby',
  entity: 'carrierAccount',
  read: async (em, ids) =>
    rowsOf(
      await em.query(
        `SELECT a.tour_id AS id, t.code, t.depositor_id AS "depositorId", a.connector, a.environment, a.base_url, a.settings,
           a.secret_names AS "credentialsSet", ${stamp('a.secrets_updated_at')} AS "credentialsChangedAt"
         FROM carrier_accounts a JOIN tours t ON t.id = a.tour_id WHERE a.tour_id = ANY($1::int[]) FOR UPDATE OF a`,
        [ids],
      ),
    ),
  subject: (row) => ({ id: row.id as number, label: row.code as string, depositorIds: [row.depositorId as number] }),
};

/**
 * Carrier accounts (issue 34 item 2): read, saved and tested by an administrator who reaches every
 * depositor. Credentials are sealed (secrets.ts) the moment they arrive, opened only for a call to
 * the carrier, and answered as "set" or not.
 */
@Injectable()
export class CarrierAccountsService {
  private readonly secrets = new CarrierSecrets(loadCarrierSecretsKey());

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(OutboxRelay) private readonly outbox: OutboxRelay,
  ) {}

  async get(ctx: CallerContext, data: unknown): Promise<CarrierAccountDto> {
    requireWholeReach(ctx);
    const tourId = rowId(data);
    return this.db.scoped(providerScope(ctx), async (em) => {
      await this.requireTour(em, tourId);
      return answer(tourId, await this.row(em, tourId));
    });
  }

  async save(ctx: CallerContext, data: unknown): Promise<CarrierAccountDto> {
    requireWholeReach(ctx);
    const tourId = rowId(data);
    const input = parseBody(carrierAccountInput, (data as { values?: unknown } | null)?.values);
    const fields = CONNECTOR_FIELDS[input.connector];
    const result = await this.db.scoped(providerScope(ctx), async (em) => {
      await this.requireTour(em, tourId);
      await auditedWrite(em, ctx, AUDITED, { ids: [tourId] }, async () => {
        const stored = await this.row(em, tourId, true);
        // Credentials of another connector are not this one's: a change of connector starts from none.
        // Credentials sealed with another key (CARRIER_SECRETS_KEY changed) count as none: the form asks them again.
        const kept =
          (stored?.secrets && stored.connector === input.connector ? this.secrets.tryOpen(stored.secrets, aad(tourId)) : null) ?? {};
        const secrets: Record<string, string> = { ...kept };
        for (const [name, value] of Object.entries(input.secrets)) {
          if (value === null) delete secrets[name];
          else if (value) secrets[name] = value;
        }
        const settings = Object.fromEntries(
          fields.filter((f) => !f.secret && input.settings[f.name]).map((f) => [f.name, input.settings[f.name] as string]),
        );
        const missing: Record<string, FieldErrorKey> = {};
        for (const f of fields)
          if (f.required && !(f.secret ? secrets[f.name] : settings[f.name]))
            missing[`${f.secret ? 'secrets' : 'settings'}.${f.name}`] = 'required';
        const oneOf = CONNECTOR_ONE_OF_SECRETS[input.connector];
        if (oneOf && !oneOf.some((name) => secrets[name])) for (const name of oneOf) missing[`secrets.${name}`] = FIELD_ERRORS.required;
        if (Object.keys(missing).length) throw new AppError('validationFailed', 'the connector needs more', undefined, missing);
        const names = Object.keys(secrets).sort();
        const changed = JSON.stringify(sorted(kept)) !== JSON.stringify(sorted(secrets)) || !stored;
        await em.query(
          `INSERT INTO carrier_accounts (tour_id, connector, environment, base_url, settings, secrets, secret_names, updated_at, secrets_updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now(), CASE WHEN $8 THEN now() END)
           ON CONFLICT (tour_id) DO UPDATE SET connector = $2, environment = $3, base_url = $4, settings = $5, secrets = $6,
             secret_names = $7, updated_at = now(),
             secrets_updated_at = CASE WHEN $8 THEN now() ELSE carrier_accounts.secrets_updated_at END`,
          [
            tourId,
            input.connector,
            input.environment,
            input.environment === 'custom' ? input.base_url : null,
            JSON.stringify(settings),
            names.length ? this.secrets.seal(secrets, aad(tourId)) : null,
            names,
            changed,
          ],
        );
      });
      return answer(tourId, await this.row(em, tourId));
    });
    this.outbox.kick();
    return result;
  }

  /** "Tester la connexion" on the saved account: one call to the carrier, after the read's transaction ended. */
  async test(ctx: CallerContext, data: unknown): Promise<ConnectionTestDto> {
    requireWholeReach(ctx);
    const tourId = rowId(data);
    const row = await this.db.scoped(providerScope(ctx), async (em) => {
      await this.requireTour(em, tourId);
      return this.row(em, tourId);
    });
    return testConnection(this.open(tourId, row));
  }

  /**
   * The account a tour's shipments go through, its credentials opened for the length of the calls,
   * and when it last changed (a connector is kept per account until then); demo when it has none.
   */
  async opened(tourId: number): Promise<OpenAccount & { updatedAt: string | null }> {
    // One statement, no transaction: asked before every carrier call.
    const [row] = await this.db.scopedQuery<AccountRow>(
      systemContext('carrier-account'),
      `SELECT ${ACCOUNT_COLUMNS} FROM carrier_accounts a WHERE a.tour_id = $1`,
      [tourId],
    );
    return { ...this.open(tourId, row), updatedAt: row?.updated_at ?? null };
  }

  private open(tourId: number, row: AccountRow | undefined): OpenAccount {
    return row
      ? {
          connector: row.connector,
          environment: row.environment,
          base_url: row.base_url,
          settings: row.settings,
          // Unreadable credentials (another key) leave the account incomplete: the carrier says so, never a 5xx.
          secrets: (row.secrets ? this.secrets.tryOpen(row.secrets, aad(tourId)) : null) ?? {},
        }
      : { connector: 'demo', environment: 'test', base_url: null, settings: {}, secrets: {} };
  }

  private async requireTour(em: EntityManager, tourId: number): Promise<void> {
    if (!rowsOf(await em.query(`SELECT 1 FROM tours WHERE id = $1`, [tourId])).length) throw notFound('tour');
  }

  private async row(em: EntityManager, tourId: number, lock = false): Promise<AccountRow | undefined> {
    const [row] = rowsOf<AccountRow>(
      await em.query(`SELECT ${ACCOUNT_COLUMNS} FROM carrier_accounts a WHERE a.tour_id = $1${lock ? ' FOR UPDATE' : ''}`, [tourId]),
    );
    return row;
  }
}

const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/** The account as answered: every credential the connector takes, as set or not; a tour without one uses the demo carrier. */
function answer(tourId: number, row: AccountRow | undefined): CarrierAccountDto {
  const connector = row?.connector ?? 'demo';
  const set = new Set(row?.secret_names ?? []);
  return {
    tourId,
    connector,
    environment: row?.environment ?? 'test',
    base_url: row?.base_url ?? null,
    settings: row?.settings ?? {},
    secrets: Object.fromEntries(CONNECTOR_FIELDS[connector].filter((f) => f.secret).map((f) => [f.name, set.has(f.name)])),
    updatedAt: row?.updated_at ?? null,
    secretsUpdatedAt: row?.secrets_updated_at ?? null,
  };
}
