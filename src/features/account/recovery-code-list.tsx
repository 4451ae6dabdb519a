/** Recovery codes as shown once (at enrolment, and when an Admin makes new ones). */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
      {codes.map((code) => (
        <li key={code} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
          {code}
        </li>
      ))}
    </ul>
  );
}
