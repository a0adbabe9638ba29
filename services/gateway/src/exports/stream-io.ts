import type { Writable } from 'node:stream';

/** Writing an export into the stream that carries it away, at the pace of its reader. */

/** Writes and waits for the stream to drain; rejects when it closes or fails first (the reader gave up). */
export async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.destroyed) throw new Error('export stream closed');
  if (out.write(chunk)) return;
  await until(out, 'drain');
}

export async function settled(out: Writable): Promise<void> {
  if (!out.writableFinished) await until(out, 'finish');
}

/** Resolves on `event`, rejects when the stream closes or fails before it; leaves no listener behind. */
function until(out: Writable, event: 'drain' | 'finish'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      out.off(event, onEvent);
      out.off('close', onClose);
      out.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onEvent = () => done();
    const onClose = () => done(new Error('export stream closed'));
    out.on(event, onEvent);
    out.on('close', onClose);
    out.on('error', done);
  });
}
