import { Component, type ReactNode } from 'react';
import { isServerDown, reportServerDown, subscribeServerStatus } from '../core/serverStatus';

/**
 * A lazy page whose code cannot be fetched (server stopped, deploy in progress) counts as the
 * service being unavailable; the gate above shows the page and retries.
 */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || /dynamically imported module|Importing a module script/i.test(String(error));
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean; network: boolean }> {
  override state = { failed: false, network: false };
  static getDerivedStateFromError(error: unknown) {
    return { failed: true, network: isNetworkError(error) };
  }
  override componentDidCatch(error: unknown) {
    if (isNetworkError(error)) {
      reportServerDown();
      // React.lazy keeps the failed import: once the server answers again, load the same page anew.
      const unsubscribe = subscribeServerStatus(() => {
        if (isServerDown()) return;
        unsubscribe();
        window.location.reload();
      });
    } else {
      console.error(error);
    }
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.state.network ? null : this.props.fallback;
  }
}
