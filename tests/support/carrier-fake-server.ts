// The carriers' local fakes as a process of their own, for the demo (HUBY_CARRIERS=fake, started by
// Huby's DemoCarrierFakes): listens on 127.0.0.1 (HUBY_CARRIER_FAKE_PORT, else a free port), prints one
// JSON line `{"url": …}` when ready, writes every request that does not validate against the
// carrier's published schema to stderr, and stops with its parent.
import { startCarrierFake, type CarrierFakeAccounts } from './carrier-fakes.ts';

async function main(): Promise<void> {
  const accounts = JSON.parse(process.env.HUBY_CARRIER_FAKE_ACCOUNTS ?? '{}') as CarrierFakeAccounts;
  const fake = await startCarrierFake(accounts, { port: Number(process.env.HUBY_CARRIER_FAKE_PORT ?? 0) });
  process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
  let reported = 0;
  const timer = setInterval(() => {
    for (const v of fake.violations.slice(reported)) process.stderr.write(`carrier fake: request refused by the published schema: ${v}\n`);
    reported = fake.violations.length;
  }, 1000);
  const stop = () => {
    clearInterval(timer);
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent gone (its pipe closed): nothing left to answer.
  process.stdin.on('end', stop);
  process.stdin.resume();
}

void main();
