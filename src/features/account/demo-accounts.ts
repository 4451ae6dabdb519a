/**
 * The demo Admin's authenticator key (server/auth/demo-accounts.ts seeds it). It is public on
 * purpose, like the demo passwords: the sign-in page gives it to visitors, who have no README.
 */
export const DEMO_ADMIN_AUTHENTICATOR_KEY = 'CGDEMOWILLOWCREEKADMINTOTP234567';
