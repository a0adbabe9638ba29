import { afterEach, describe, expect, it } from '@jest/globals';
import { demoProgress, resetDemoProgress, setDemoProgress } from './demo-progress';

describe('demo progress', () => {
  afterEach(() => resetDemoProgress());

  it('tells nothing loading when no set was announced (distributed mode, demo off)', () => {
    expect(demoProgress()).toEqual({ loading: false, sets: [] });
  });

  it('follows each set from waiting to ready, in the loading order, and ends loading with the last one', () => {
    for (const name of ['reports', 'tracking', 'stock']) setDemoProgress(name, 'waiting');
    setDemoProgress('tracking', 'loading');
    expect(demoProgress()).toEqual({
      loading: true,
      sets: [
        { name: 'tracking', state: 'loading' },
        { name: 'stock', state: 'waiting' },
        { name: 'reports', state: 'waiting' },
      ],
    });
    setDemoProgress('tracking', 'ready');
    setDemoProgress('stock', 'failed');
    expect(demoProgress().loading).toBe(true);
    setDemoProgress('reports', 'ready');
    expect(demoProgress()).toMatchObject({ loading: false, sets: [{ state: 'ready' }, { state: 'failed' }, { state: 'ready' }] });
  });

  it('ignores a name the screens do not know (a service without a background set)', () => {
    setDemoProgress('alerts', 'loading');
    expect(demoProgress()).toEqual({ loading: false, sets: [] });
  });
});
