/**
 * Under a form that writes to the server: that the form needs a connection (when offline) and
 * what the server refused (announced once).
 */
export function FormStatus({
  online,
  offlineText,
  failure,
}: {
  online: boolean;
  offlineText: string;
  failure: string | null;
}) {
  return (
    <>
      {online ? null : (
        <p className="text-sm font-medium text-amber-900 dark:text-amber-100">{offlineText}</p>
      )}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
    </>
  );
}
