import { connectionNotice } from '../lib/connection-notice';
import { useConnectivity } from '../lib/connectivity';

/**
 * Under a form that writes to the server: that the form needs a connection (when offline or the
 * server cannot be reached) and what the server refused (announced once). The connection is
 * named once: a press without one says it as the alert instead of the note, and it goes once
 * the connection is back (connectionNotice).
 */
export function FormStatus({
  online,
  offlineText,
  unreachableText = offlineText,
  failure,
}: {
  online: boolean;
  offlineText: string;
  /** Said when the browser is online but the server does not answer; else `offlineText`. */
  unreachableText?: string;
  failure: string | null;
}) {
  const unreachable = useConnectivity() === 'unreachable';
  const shown = connectionNotice(
    online ? 'online' : unreachable ? 'unreachable' : 'offline',
    { offline: offlineText, unreachable: unreachableText },
    failure,
  );
  return (
    <>
      {shown.note ? (
        <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{shown.note}</p>
      ) : null}
      {shown.failure ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {shown.failure}
        </p>
      ) : null}
    </>
  );
}
