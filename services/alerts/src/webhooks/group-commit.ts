/**
 * Writes that end concurrently, written together (group commit): the first waits for the end of the
 * current turn of the event loop, then goes with every item added meanwhile; the items added while a
 * group is being written form the next group, written as soon as it is done. Each item's promise
 * settles with its group: its own result, or the group's failure. One writer at a time, so the work
 * holds one database connection however many items end at once.
 */
export class GroupCommit<T, R> {
  private waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  /** `write` answers one result per item, in the items' order. */
  constructor(private readonly write: (items: T[]) => Promise<R[]>) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length) {
      const group = this.waiting.splice(0);
      try {
        const results = await this.write(group.map((w) => w.item));
        group.forEach((w, i) => w.resolve(results[i]));
      } catch (e) {
        for (const w of group) w.reject(e);
      }
    }
    this.writing = false;
  }
}
