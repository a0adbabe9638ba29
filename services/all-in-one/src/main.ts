import 'reflect-metadata';
import { demoDataWanted, printWelcome, startPortal } from './portal';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const demo = demoDataWanted();
  await startPortal({ port, host: process.env.HOST, demo });
  printWelcome(port, Boolean(demo));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
