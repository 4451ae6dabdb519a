import { Component, type ErrorInfo, type ReactNode } from 'react';
import { getConnectivity } from '../lib/connectivity';
import { buttonClasses } from '../ui/button';

type State = { error: Error | null };

/**
 * A page that failed to load or crashed shows why, never a blank screen. Offline, the usual cause
 * is a page chunk this device never downloaded.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const connectivity = getConnectivity();
    return (
      <div role="alert" className="mx-auto max-w-lg p-6">
        <h1 className="text-xl font-bold">This page could not be shown</h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {connectivity === 'offline'
            ? 'You are offline and this page has not been saved on this device yet. Try again when you are back online.'
            : connectivity === 'unreachable'
              ? "CommonGround can't be reached and this page has not been saved on this device yet. Try again in a moment."
              : error.message}
        </p>
        <button
          type="button"
          className={`${buttonClasses('primary')} mt-4`}
          onClick={() => location.reload()}
        >
          Try again
        </button>
      </div>
    );
  }
}
