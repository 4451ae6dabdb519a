import { useCallback, useState } from 'react';
import { parseChecklist, toggleChecklistItem } from './event-planning';
import { EVENT_CHECKLIST_KEY } from '../../lib/storage-keys';

function read(): Set<string> {
  try {
    return parseChecklist(localStorage.getItem(EVENT_CHECKLIST_KEY));
  } catch {
    return new Set();
  }
}

/**
 * The event checklist's ticks, remembered on this device. `saved` turns false when the browser
 * refuses to store them, so the dialog can say they only last for this visit.
 */
export function useChecklist() {
  const [done, setDone] = useState<Set<string>>(read);
  const [saved, setSaved] = useState(true);

  const write = useCallback((next: Set<string>) => {
    setDone(next);
    try {
      localStorage.setItem(EVENT_CHECKLIST_KEY, JSON.stringify([...next]));
      setSaved(true);
    } catch {
      setSaved(false);
    }
  }, []);

  const toggle = useCallback((id: string) => write(toggleChecklistItem(done, id)), [done, write]);
  const clear = useCallback(() => write(new Set()), [write]);
  return { done, saved, toggle, clear };
}
