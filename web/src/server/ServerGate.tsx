import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ServiceUnavailableBanner, ServiceUnavailablePage } from './ServiceUnavailable';
import { useServerDown } from './useServerDown';

/**
 * While the API is down: banner and page instead of the screen. When it comes back the screen is
 * mounted afresh, so every page reloads its data.
 */
export function ServerGate({ children }: { children: ReactNode }) {
  const down = useServerDown();
  const [generation, setGeneration] = useState(0);
  const wasDown = useRef(false);
  useEffect(() => {
    if (down) wasDown.current = true;
    else if (wasDown.current) {
      wasDown.current = false;
      setGeneration((g) => g + 1);
    }
  }, [down]);
  if (down) {
    return (
      <>
        <ServiceUnavailableBanner />
        <ServiceUnavailablePage />
      </>
    );
  }
  return <div key={generation}>{children}</div>;
}
