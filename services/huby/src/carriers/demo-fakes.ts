import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { systemContext } from '@portal/contracts';
import { Db, rowsOf } from '@portal/db';
import { CarrierAccountsService } from './accounts/carrier-accounts.service';

/** The demo's accounts on the local fakes: what the fakes accept, and what the tours are given. */
const DEMO_ACCOUNTS = {
  ups: { clientId: 'demo-ups-client', clientSecret: 'demo-ups-secret', shipperNumber: 'DEMO01' },
  dhlExpress: { apiKey: 'demo-dhl-key', apiSecret: 'demo-dhl-secret', accountNumber: '950000001' },
  colissimo: { contractNumber: '800000', password: 'demo-colissimo', apiKey: 'demo-okapi-key' },
  chronopost: { accountNumber: '19869502', password: '255562' },
  dpd: { userid: 'demo-dpd', password: 'demo-dpd-password', customerCenterNumber: '077', customerNumber: '12345' },
  gls: { username: 'demo-gls', password: 'demo-gls-password', contactId: '2500000001' },
};

/** The demo's real-carrier tours (HUBY_CARRIERS=fake): the carrier, its tour code and its account. */
const FAKE_PLAN = [
  {
    carrier: { ref: 'UPS', name: 'UPS', kind: 'parcel', window: 10, threshold: 1500, email: 'pickup@ups.example' },
    tour: 'UPS-STD',
    accountNumber: DEMO_ACCOUNTS.ups.shipperNumber,
    codes: { service: '11', product: 'STD' },
    account: (url: string) => ({
      connector: 'ups',
      environment: 'custom',
      base_url: url,
      settings: { client_id: DEMO_ACCOUNTS.ups.clientId, shipper_number: DEMO_ACCOUNTS.ups.shipperNumber },
      secrets: { client_secret: DEMO_ACCOUNTS.ups.clientSecret },
    }),
  },
  {
    carrier: { ref: 'CHRONOPOST', name: 'Chronopost', kind: 'parcel', window: 10, threshold: 1500, email: 'pickup@chronopost.example' },
    tour: 'CHRONO-WS',
    accountNumber: DEMO_ACCOUNTS.chronopost.accountNumber,
    codes: { product: '01' },
    account: (url: string) => ({
      connector: 'chronopost',
      environment: 'custom',
      base_url: url,
      settings: { account_number: DEMO_ACCOUNTS.chronopost.accountNumber },
      secrets: { password: DEMO_ACCOUNTS.chronopost.password },
    }),
  },
  {
    carrier: { ref: 'DPD', name: 'DPD France', kind: 'parcel', window: 10, threshold: 1500, email: 'pickup@dpd.example' },
    tour: 'DPD-WS',
    accountNumber: DEMO_ACCOUNTS.dpd.customerNumber,
    codes: { product: 'CLASSIC' },
    account: (url: string) => ({
      connector: 'dpd',
      environment: 'custom',
      base_url: url,
      settings: {
        userid: DEMO_ACCOUNTS.dpd.userid,
        customer_center_number: DEMO_ACCOUNTS.dpd.customerCenterNumber,
        customer_number: DEMO_ACCOUNTS.dpd.customerNumber,
      },
      secrets: { password: DEMO_ACCOUNTS.dpd.password },
    }),
  },
  {
    carrier: { ref: 'GLS', name: 'GLS', kind: 'parcel', window: 10, threshold: 1500, email: 'pickup@gls.example' },
    tour: 'GLS-WS',
    accountNumber: DEMO_ACCOUNTS.gls.contactId,
    codes: { product: 'PARCEL' },
    account: (url: string) => ({
      connector: 'gls',
      environment: 'custom',
      base_url: url,
      settings: { username: DEMO_ACCOUNTS.gls.username, contact_id: DEMO_ACCOUNTS.gls.contactId },
      secrets: { password: DEMO_ACCOUNTS.gls.password },
    }),
  },
];

/** The fake server script, found from here up to the repository's root (absent outside a clone). */
function fakeServerScript(from = __dirname): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const script = path.join(dir, 'tests', 'support', 'carrier-fake-server.ts');
    if (fs.existsSync(script)) return script;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * HUBY_CARRIERS=fake (issue 34): the demo runs against local fakes of the carriers' web services
 * instead of the built-in demo carrier, so that a newcomer sees the real request and answer path
 * (the carrier's own request built from the shipment, its answer, its labels, its refusals) without an
 * account. The fakes run as a child process (tests/support/carrier-fake-server.ts, which validates every
 * request against the carrier's published schema); each depositor gets a tour per carrier with a web
 * service on them (UPS-STD, CHRONO-WS, DPD-WS, GLS-WS) whose carrier account points at them. Without the switch nothing here runs and the demo carrier answers.
 */
@Injectable()
export class DemoCarrierFakes implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DemoCarrierFakes');
  private child?: ChildProcess;
  private planning?: Promise<unknown>;
  private stopping = false;

  constructor(
    @Inject(Db) private readonly db: Db,
    @Inject(CarrierAccountsService) private readonly accounts: CarrierAccountsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (process.env.HUBY_CARRIERS !== 'fake') return;
    const script = fakeServerScript();
    if (!script) {
      this.logger.error(
        'HUBY_CARRIERS=fake needs tests/support/carrier-fake-server.ts (a clone of the repository): the demo carrier answers',
      );
      return;
    }
    const url = await this.start(script);
    // The depositors come with the demo data, seeded once the services are up: planned when they are there.
    this.planning = this.whenDepositors().then(
      async (found) => {
        if (!found) return this.logger.error('no depositor after 2 minutes: no tour on the carrier fakes');
        await this.plan(url);
        this.logger.log(`carriers answered by the local fakes at ${url} (tours ${FAKE_PLAN.map((p) => p.tour).join(', ')})`);
      },
      (e: Error) => this.logger.error(`carrier fakes not planned: ${e.message}`),
    );
  }

  /** Whether the demo's tours on the fakes are in place (tests and the demo's first minutes). */
  async planned(): Promise<void> {
    await this.planning;
  }

  private async whenDepositors(): Promise<boolean> {
    for (let i = 0; i < 120 && !this.stopping; i++) {
      const [row] = await this.db.scopedQuery<{ n: number }>(
        systemContext('demo-carrier-fakes'),
        `SELECT count(*)::int AS n FROM depositors`,
      );
      if (row.n > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 1000).unref());
    }
    return false;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.child?.kill('SIGTERM');
  }

  private start(script: string): Promise<string> {
    const child = spawn(process.execPath, [script], {
      cwd: path.resolve(path.dirname(script), '..', '..'),
      env: { ...process.env, HUBY_CARRIER_FAKE_ACCOUNTS: JSON.stringify(DEMO_ACCOUNTS), NODE_NO_WARNINGS: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stderr?.on('data', (d: Buffer) => this.logger.warn(d.toString().trim()));
    return new Promise((resolve, reject) => {
      const lines = readline.createInterface({ input: child.stdout! });
      lines.once('line', (line) => {
        try {
          resolve((JSON.parse(line) as { url: string }).url);
        } catch {
          reject(new Error(`carrier fakes: ${line}`));
        }
      });
      child.once('exit', (code) => reject(new Error(`carrier fakes stopped (${code})`)));
    });
  }

  /** The fake carriers and their tours for every depositor, each with its account on the fakes (idempotent). */
  private async plan(url: string): Promise<void> {
    const ctx = systemContext('demo-carrier-fakes');
    for (const p of FAKE_PLAN) {
      const tourIds = await this.db.scoped(ctx, async (em) => {
        const c = p.carrier;
        await em.query(
          `INSERT INTO carriers (ref, name, kind, shipping_window_days, insurance_threshold, pickup_email, settings)
           VALUES ($1, $2, $3, $4, $5, $6, '{}') ON CONFLICT (ref) DO NOTHING`,
          [c.ref, c.name, c.kind, c.window, c.threshold, c.email],
        );
        return rowsOf<{ id: number }>(
          await em.query(
            `INSERT INTO tours (depositor_id, code, carrier_id, account_number, transport_code, tour_type, flags, weight_max_kg, max_packages, codes)
             SELECT d.id, $1, c.id, $2, $3, 'parcel', '{"direct_tracking": true}', 70, 20, $4 FROM depositors d, carriers c WHERE c.ref = $5
             ON CONFLICT (depositor_id, code) DO UPDATE SET code = EXCLUDED.code
             RETURNING id`,
            [p.tour, p.accountNumber, `${c.ref}-DEMO`, JSON.stringify(p.codes), c.ref],
          ),
        ).map((r) => r.id);
      });
      for (const id of tourIds) await this.accounts.save(ctx, { id, values: p.account(url) });
    }
  }
}
