import { useEffect, useState } from 'react';

const TYPING_PAUSE_MS = 250;

/**
 * The options of a search-as-you-type picker: `load(search)` once typing pauses, the latest answer
 * only (an earlier, slower one is dropped), none when it fails. `key` names what else the search
 * depends on (a depositor, a platform): a new key loads again.
 */
export function useSearchOptions<T>(
  load: (search: string) => Promise<T[]>,
  search: string,
  key: string,
): { options: T[]; loading: boolean } {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      load(search)
        .then((found) => live && setOptions(found))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `load` is a new function at each render: `key` and `search` say when it asks something new.
  }, [search, key]);
  return { options, loading };
}
