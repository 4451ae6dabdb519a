import type { Role } from '../../src/api/contract';
import type { Community } from '../community';
import type { Database } from '../db/database';
import { SCHEMA_LOCK } from '../db/migrate';
import { hashPassword } from './passwords';
import { insertUser } from './users';

/**
 * The demo community's three accounts, fixed and documented in the README ("Accounts, roles and
 * demo mode") so a newcomer can sign in as each role. The Admin's TOTP secret is public on
 * purpose: anyone can add it to an authenticator app. Never use these outside the demo.
 */
export const DEMO_PASSWORD = 'commonground-demo';
export const DEMO_ADMIN_TOTP_SECRET = 'CGDEMOWILLOWCREEKADMINTOTP234567';

export const DEMO_ACCOUNTS: readonly {
  email: string;
  name: string;
  role: Role;
  totpSecret: string | null;
}[] = [
  {
    email: 'admin@willowcreek.example',
    name: 'Alex Rivera',
    role: 'admin',
    totpSecret: DEMO_ADMIN_TOTP_SECRET,
  },
  {
    email: 'manager@willowcreek.example',
    name: 'Sarah Johnson',
    role: 'manager',
    totpSecret: null,
  },
  { email: 'board@willowcreek.example', name: 'Dana Brooks', role: 'board', totpSecret: null },
];

/**
 * Creates the demo accounts the community does not have yet (a database seeded before accounts
 * existed gets them on its next start). Under the schema lock, so two servers starting at once
 * create each account once; a database with the accounts costs one query.
 */
export async function ensureDemoAccounts(
  db: Database,
  community: Community,
  now: number,
): Promise<number> {
  const emails = DEMO_ACCOUNTS.map((a) => a.email);
  const present = await db.query(`SELECT 1 FROM users WHERE lower(email) = ANY($1::text[])`, [
    emails,
  ]);
  if (present.length === DEMO_ACCOUNTS.length) return 0;
  // Hashing takes a moment per account: done before taking the lock.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
    let created = 0;
    for (const account of DEMO_ACCOUNTS) {
      const id = await insertUser(tx, community.id, { ...account, passwordHash }, now);
      if (id !== null) created++;
    }
    return created;
  });
}
