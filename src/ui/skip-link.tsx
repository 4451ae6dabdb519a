/**
 * The first stop of the keyboard on every page, app and public site alike: shown once focused,
 * at a touch target's height (44 px).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-3 text-sm font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:inline-flex focus:min-h-11 focus:items-center"
    >
      Skip to content
    </a>
  );
}
