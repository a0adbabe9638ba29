import { DEMO_DATA_SETS, type DemoDataSet, type DemoProgressDto, type DemoSetState } from '@portal/contracts';

/**
 * This process's demo loading (the all-in-one portal loads its big demo sets in the background after it
 * answers): set by the loader, read by the gateway's `GET /api/health/demo` in the same process. Empty,
 * so "nothing loading", in every other process.
 */
const states = new Map<DemoDataSet, DemoSetState>();

const isSet = (name: string): name is DemoDataSet => (DEMO_DATA_SETS as readonly string[]).includes(name);

/** The loader tells a set's new state (a name that is not a demo set the screens know is ignored). */
export function setDemoProgress(name: string, state: DemoSetState): void {
  if (isSet(name)) states.set(name, state);
}

export function demoProgress(): DemoProgressDto {
  const sets = DEMO_DATA_SETS.filter((name) => states.has(name)).map((name) => ({ name, state: states.get(name)! }));
  return { loading: sets.some((s) => s.state === 'waiting' || s.state === 'loading'), sets };
}

/** Tests: back to nothing known. */
export function resetDemoProgress(): void {
  states.clear();
}
