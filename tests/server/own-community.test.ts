import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACCEPT_INVITE_CHECK_PATH,
  ACCEPT_INVITE_PATH,
  AUTH_PATHS,
  ME_PATH,
} from '../../src/api/contract';
import { DEMO_PASSWORD } from '../../server/auth/demo-accounts';
import { ensureOwnCommunity, ownCommunityFromEnv, slugOf } from '../../server/own-community';
import { startServer } from '../../server/server';
import { firstAdminInvite } from '../../server/users/first-admin';
import { INVITE_INVALID, INVITE_USED } from '../../server/users/routes';
import { BACKENDS, backendTitle, openTestDatabase } from './helpers';

const NOW = Date.parse('2026-11-27T18:00:00Z');
const LAKESIDE = {
  COMMUNITY_NAME: 'Lakeside Commons',
  COMMUNITY_TIME_ZONE: 'America/Chicago',
  ADMIN_EMAIL: 'chair@lakeside.example',
};

describe('a community of its own, from the environment', () => {
  it('is read from COMMUNITY_NAME, COMMUNITY_TIME_ZONE and ADMIN_EMAIL, and the demo without them', () => {
    expect(ownCommunityFromEnv({})).toBeNull();
    expect(ownCommunityFromEnv(LAKESIDE)).toEqual({
      name: 'Lakeside Commons',
      slug: 'lakeside-commons',
      timeZone: 'America/Chicago',
      adminEmail: 'chair@lakeside.example',
    });
    expect(ownCommunityFromEnv({ ...LAKESIDE, COMMUNITY_TIME_ZONE: undefined })).toMatchObject({
      timeZone: 'America/New_York',
    });
  });

  it.each([
    [{ COMMUNITY_NAME: 'Lakeside' }, /COMMUNITY_NAME and ADMIN_EMAIL go together/],
    [{ ADMIN_EMAIL: 'chair@lakeside.example' }, /go together/],
    [{ ...LAKESIDE, ADMIN_EMAIL: 'chair' }, /ADMIN_EMAIL is not an email address/],
    [{ ...LAKESIDE, COMMUNITY_TIME_ZONE: 'Chicago' }, /COMMUNITY_TIME_ZONE is not a time zone/],
    [{ ...LAKESIDE, COMMUNITY_NAME: '!!!' }, /at least one letter or digit/],
    [{ ...LAKESIDE, COMMUNITY_NAME: 'Lake\nside' }, /on one line/],
    [{ ...LAKESIDE, COMMUNITY_NAME: 'Willow Creek' }, /is the demo's/],
  ])('refuses %o with a sentence', (env, message) => {
    const own = ownCommunityFromEnv(env);
    expect(own && 'error' in own ? own.error : null).toMatch(message);
  });

  it('finds the community again by a slug of its name', () => {
    expect(slugOf('  Élan Park & Pool, Phase 2 ')).toBe('elan-park-pool-phase-2');
  });
});

describe.each(BACKENDS)('creating it ($name)', (backend) => {
  describe.skipIf(backend.skip)(backendTitle(backend), () => {
    it('two servers starting at once create one community and one first-Admin link', async () => {
      const test = await openTestDatabase(backend);
      try {
        const own = ownCommunityFromEnv(LAKESIDE);
        if (!own || 'error' in own) throw new Error('bad test environment');
        const both = await Promise.all([
          ensureOwnCommunity(test.db, own, NOW),
          ensureOwnCommunity(test.db, own, NOW),
        ]);
        expect(both.filter((found) => found.created)).toHaveLength(1);
        const [first] = both;
        expect(first?.community).toMatchObject({
          name: 'Lakeside Commons',
          timeZone: 'America/Chicago',
          amenities: [],
        });
        const community = first?.community;
        if (!community) throw new Error('no community');
        const links = await Promise.all([
          firstAdminInvite(test.db, community, own.adminEmail, NOW),
          firstAdminInvite(test.db, community, own.adminEmail, NOW),
        ]);
        expect(links.filter((link) => link === 'made-just-now')).toHaveLength(1);
        const invites = await test.db.query<{ email: string; role: string }>(
          `SELECT email, role FROM invites WHERE community_id = $1`,
          [community.id],
        );
        expect(invites).toEqual([{ email: 'chair@lakeside.example', role: 'admin' }]);
        // A start a day later (the link lost): a new link, and the old one is gone.
        const later = await firstAdminInvite(test.db, community, own.adminEmail, NOW + 86_400_000);
        const made = links.find((link) => typeof link === 'object');
        expect(typeof later === 'object' && later?.invitePath).not.toBe(
          typeof made === 'object' && made?.invitePath,
        );
        expect(
          await test.db.query(`SELECT 1 FROM invites WHERE community_id = $1`, [community.id]),
        ).toHaveLength(1);
      } finally {
        await test.drop();
      }
    });
  });
});

describe('a server running its own community', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'commonground-own-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const own = ownCommunityFromEnv(LAKESIDE);
  if (!own || 'error' in own) throw new Error('bad test environment');
  const options = {
    database: { dataDir: path.join(work, 'data') },
    port: 0,
    host: '127.0.0.1',
    distDir: path.join(work, 'no-dist'),
    ingestKey: 'own-community-ingest-key-0123456789',
    clock: () => now,
    ownCommunity: own,
  };
  let now = NOW;
  const send = (url: string, route: string, body: unknown, cookie?: string) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: url,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });

  it('starts empty, with no demo viewer, accounts or data, and its first Admin joins by the printed link', async () => {
    const log: string[] = [];
    const first = await startServer({ ...options, log: (m) => log.push(m) });
    let path1 = '';
    try {
      expect(log.join('\n')).toMatch(/community Lakeside Commons, created empty/);
      expect(log.join('\n')).toMatch(/Demo mode off/);
      const printed = log.find((line) => line.startsWith('First Admin:')) ?? '';
      path1 = /\/accept-invite#token=([\w-]+)/.exec(printed)?.[1] ?? '';
      expect(printed).toContain(`chair@lakeside.example sets a password at ${first.url}`);
      expect(path1).toMatch(/^[\w-]{40,}$/);

      // No demo viewer, and the demo's public password opens nothing.
      expect((await fetch(`${first.url}${ME_PATH}`)).status).toBe(401);
      const demoSignIn = await send(first.url, AUTH_PATHS.signIn, {
        email: 'manager@willowcreek.example',
        password: DEMO_PASSWORD,
      });
      expect(demoSignIn.status).toBe(401);
    } finally {
      await first.close();
    }

    // Restarted at once: the link just made stands, and the log says where it is.
    const quick: string[] = [];
    const again = await startServer({ ...options, log: (m) => quick.push(m) });
    await again.close();
    expect(quick.join('\n')).toMatch(/First Admin: a link for .* was made less than a minute ago/);

    // Restarted later, before anyone joined: a new link, and the first one no longer works.
    now = NOW + 120_000;
    const secondLog: string[] = [];
    const second = await startServer({ ...options, log: (m) => secondLog.push(m) });
    try {
      expect(secondLog.join('\n')).not.toMatch(/created empty/);
      const printed = secondLog.find((line) => line.startsWith('First Admin:')) ?? '';
      const token = /\/accept-invite#token=([\w-]+)/.exec(printed)?.[1] ?? '';
      expect(token).not.toBe(path1);
      const stale = await send(second.url, ACCEPT_INVITE_PATH, {
        token: path1,
        name: 'Pat Chair',
        password: 'a long enough passphrase',
      });
      expect(stale.status).toBe(400);
      expect(await stale.json()).toEqual({ error: INVITE_INVALID });
      const accepted = await send(second.url, ACCEPT_INVITE_PATH, {
        token,
        name: 'Pat Chair',
        password: 'a long enough passphrase',
      });
      expect(accepted.status).toBe(201);
      expect(await accepted.json()).toEqual({ email: 'chair@lakeside.example', role: 'admin' });
      // The printed link opened again: used, so the Admin is sent to sign in (the address is
      // not repeated: the answer is the same for anyone holding the old link).
      const reopened = await send(second.url, ACCEPT_INVITE_CHECK_PATH, { token });
      expect(reopened.status).toBe(400);
      expect(await reopened.json()).toEqual({ error: INVITE_USED });
      // Signed in with the password, an Admin goes on to set up an authenticator.
      const signIn = await send(second.url, AUTH_PATHS.signIn, {
        email: 'chair@lakeside.example',
        password: 'a long enough passphrase',
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
      const me = (await (
        await fetch(`${second.url}${ME_PATH}`, { headers: { Cookie: cookie } })
      ).json()) as { demo: boolean; user: { role: string } };
      expect(me).toMatchObject({ demo: false, user: { role: 'admin' } });
    } finally {
      await second.close();
    }

    // Once someone has an account, no more links.
    const thirdLog: string[] = [];
    const third = await startServer({ ...options, log: (m) => thirdLog.push(m) });
    await third.close();
    expect(thirdLog.join('\n')).not.toMatch(/First Admin/);
  });
});
