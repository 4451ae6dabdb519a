import { useEffect, useRef, type RefObject } from 'react';

/**
 * Takes into state what was typed, or filled in by a password manager, in a prerendered form
 * before the page hydrated. React keeps its controlled inputs' state ('' at first) and would put
 * it back on their next render, wiping what the user sees and sending the form empty. `setters`
 * are by the inputs' names; runs once, after the first render (the hydration).
 */
export function useValuesTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  setters: Record<string, (value: string) => void>,
): void {
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    for (const [name, set] of Object.entries(setters)) {
      const control = form.current?.elements.namedItem(name);
      if (control instanceof HTMLInputElement && control.value !== '') set(control.value);
    }
  }, [form, setters]);
}
