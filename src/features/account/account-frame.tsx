import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icons';

/** The frame of the pages outside the shell (sign-in, accept an invite): logo, one card. */
export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-8 sm:py-16 dark:bg-slate-950">
      <title>{`${title} · CommonGround`}</title>
      <header className="mb-6">
        <Link
          to="/"
          className="flex min-h-11 items-center gap-2 rounded-md font-semibold text-slate-900 dark:text-white"
        >
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
            <Icon name="leaf" className="h-5 w-5" />
          </span>
          CommonGround
        </Link>
      </header>
      <main
        id="main"
        className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** What went wrong, said once where a screen reader hears it. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      {message}
    </p>
  );
}
