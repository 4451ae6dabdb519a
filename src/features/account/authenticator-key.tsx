import { Suspense, lazy } from 'react';
import type { TotpSetup } from '../../api/contract';

const TotpQr = lazy(() => import('./totp-qr').then((m) => ({ default: m.TotpQr })));

/** The key in groups of four, as authenticator apps accept it typed (spaces do not count). */
export function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * A new authenticator's secret, to scan or to type: the QR code (its code loads with it) and the
 * key. Shown at enrolment (sign-in) and when an Admin sets up a new phone (Account).
 */
export function AuthenticatorKey({ setup }: { setup: TotpSetup }) {
  return (
    <>
      <div className="flex justify-center sm:justify-start">
        <Suspense fallback={<div className="h-48 w-48" aria-hidden="true" />}>
          <TotpQr uri={setup.uri} />
        </Suspense>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Cannot scan? Enter this key by hand:{' '}
        <code className="font-mono">{groupedKey(setup.secret)}</code>
      </p>
    </>
  );
}
