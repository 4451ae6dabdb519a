import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/button';

/** Spec section 2 and 8: the texts of an unknown route. */
export function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4">
      <title>404 Page Not Found · CommonGround</title>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Did you forget to add the page to the router?
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/dashboard" className={buttonClasses('primary')}>
            Go to the dashboard
          </Link>
          <a href="/" className={buttonClasses('secondary')}>
            Home page
          </a>
        </div>
      </div>
    </main>
  );
}
