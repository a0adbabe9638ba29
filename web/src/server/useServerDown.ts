import { useSyncExternalStore } from 'react';
import { isServerDown, subscribeServerStatus } from '../core/serverStatus';

export function useServerDown(): boolean {
  return useSyncExternalStore(subscribeServerStatus, isServerDown);
}
