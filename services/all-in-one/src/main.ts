import 'reflect-metadata';
import { DataFolderInUseError, NewerDataError } from '@portal/db';
import { demoDataWanted, printWelcome, startPortal } from './portal';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const demo = demoDataWanted();
  await startPortal({ port, host: process.env.HOST, demo });
  printWelcome(port, Boolean(demo));
}

main().catch((e: unknown) => {
  // A refusal the operator can act on (the data folder is in use, a newer version wrote the data) is said in one line.
  console.error(e instanceof DataFolderInUseError || e instanceof NewerDataError ? e.message : e);
  process.exit(1);
});
