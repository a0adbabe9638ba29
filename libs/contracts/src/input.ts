/**
 * Checks on raw input shared by the gateway and the services' feeds: PostgreSQL text and jsonb
 * cannot hold a NUL character, so a value holding one is refused before it reaches the database.
 */

/** True when a JSON value holds a NUL character in any string, key or value, at any depth. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
