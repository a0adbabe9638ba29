import { useState } from 'react';
import { useNotify } from 'ra-core';
import { ApiError, errorKeyOf } from '../core/api';

/**
 * Runs one settings call: success alert, or the catalogue error as an alert plus the per-field
 * errors of the envelope (spec §5 messages) for the form to show under each field.
 */
export function useSave() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});

  const run = async <T>(call: () => Promise<T>, successKey = 'messages.dataSaved'): Promise<T | undefined> => {
    setBusy(true);
    setFields({});
    try {
      const result = await call();
      notify(successKey, { type: 'success' });
      return result;
    } catch (error) {
      if (error instanceof ApiError) setFields(error.fields);
      notify(`errors.${errorKeyOf(error)}`, { type: 'error', messageArgs: error instanceof ApiError ? error.params : {} });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, fields };
}
