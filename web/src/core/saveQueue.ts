/**
 * Saves of one thing (a layout, a form) sent one after the other, each carrying the whole state the
 * user sees: a change made while the previous one is being saved reaches the server after it, and
 * an earlier save's answer arriving late is known to be stale (`latest` false), so it never puts
 * back on screen the state it carried.
 */
export function saveQueue() {
  let chain: Promise<unknown> = Promise.resolve();
  let issued = 0;
  return {
    run<T>(save: () => Promise<T>): { done: Promise<T>; latest: () => boolean } {
      const turn = ++issued;
      const done = chain.then(save);
      chain = done.catch(() => undefined);
      return { done, latest: () => turn === issued };
    },
  };
}
