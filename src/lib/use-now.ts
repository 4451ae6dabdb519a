import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` (e.g. the 30 s last-update label). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
