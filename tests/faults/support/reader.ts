import type { Test } from 'supertest';
import { sleep } from '../../support/feed-stream';

/**
 * A user's screen reading one route every 200 ms while a fault happens: each answer's status (0 for no
 * answer in 30 s). `stop()` ends the loop and answers every status read.
 */
export function readThroughout(read: () => Test): { stop: () => Promise<number[]> } {
  const statuses: number[] = [];
  let reading = true;
  const loop = (async () => {
    while (reading) {
      statuses.push(
        await read()
          .timeout(30_000)
          .then(
            (r) => r.status,
            () => 0,
          ),
      );
      await sleep(200);
    }
  })();
  return {
    stop: async () => {
      reading = false;
      await loop;
      return statuses;
    },
  };
}
