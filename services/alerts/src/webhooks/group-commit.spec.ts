import { describe, expect, it } from '@jest/globals';
import { GroupCommit } from './group-commit';

/** A writer that records each group and waits to be released. */
function gatedWriter() {
  const groups: number[][] = [];
  const releases: ((fail?: Error) => void)[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push(items);
      releases.push((fail) => (fail ? reject(fail) : resolve(items.map((i) => `written ${i}`))));
    });
  return { groups, releases, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('writes what ends in the same turn together, and what ends during a write with the next group', async () => {
    const { groups, releases, write } = gatedWriter();
    const commit = new GroupCommit(write);
    const first = [1, 2, 3].map((i) => commit.add(i));
    await turn();
    expect(groups).toEqual([[1, 2, 3]]);
    // While the first group is written, more end: they wait for it, then go together.
    const second = [4, 5].map((i) => commit.add(i));
    await turn();
    expect(groups).toHaveLength(1);
    releases[0]();
    await expect(Promise.all(first)).resolves.toEqual(['written 1', 'written 2', 'written 3']);
    await turn();
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    releases[1]();
    await expect(Promise.all(second)).resolves.toEqual(['written 4', 'written 5']);
  });

  it('fails the items of a failed group only, and writes the next ones', async () => {
    const { groups, releases, write } = gatedWriter();
    const commit = new GroupCommit(write);
    const failed = commit.add(1);
    await turn();
    const next = commit.add(2);
    releases[0](new Error('database restarting'));
    await expect(failed).rejects.toThrow('database restarting');
    await turn();
    releases[1]();
    await expect(next).resolves.toBe('written 2');
    expect(groups).toEqual([[1], [2]]);
    // Idle again: a later item starts a group of its own.
    const later = commit.add(3);
    await turn();
    releases[2]();
    await expect(later).resolves.toBe('written 3');
  });
});
