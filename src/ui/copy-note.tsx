import { useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard and remembers how that went, for `CopyNote` to say. A browser may
 * refuse (no clipboard on a page served over plain HTTP, or permission denied): the reader is
 * then told to copy it by hand, never that it was copied.
 */
export function useCopy(): [CopyState, (text: string) => Promise<void>, () => void] {
  const [state, setState] = useState<CopyState>('idle');
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return [state, copy, () => setState('idle')];
}

/** What became of the last copy, announced politely; its line is kept so nothing moves. */
export function CopyNote({ state }: { state: CopyState }) {
  return (
    <p aria-live="polite" className="min-h-5 text-sm">
      {state === 'copied' ? (
        <span className="text-green-800 dark:text-green-300">Copied to the clipboard.</span>
      ) : state === 'failed' ? (
        <span className="text-red-700 dark:text-red-300">
          This browser did not allow copying. Select the text and copy it yourself.
        </span>
      ) : null}
    </p>
  );
}
