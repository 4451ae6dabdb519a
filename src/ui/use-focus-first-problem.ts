import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * After a refused submit, shows the first problem wherever the form was scrolled to (the button
 * pressed is at the bottom, the fields above it): focus goes to the first field marked
 * aria-invalid, so a keyboard or screen reader user lands where the fix is, else the form's
 * alert is scrolled into view. Returns what to call on each refusal (after its state is set).
 */
export function useFocusFirstProblem(formRef: RefObject<HTMLFormElement | null>): () => void {
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    if (target.matches('input, select, textarea')) target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'center' });
  }, [refusals, formRef]);
  return useCallback(() => setRefusals((count) => count + 1), []);
}
