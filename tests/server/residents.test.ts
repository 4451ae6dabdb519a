import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_ROWS,
  MAX_RESIDENTS,
  RESIDENTS_EXPORT_PATH,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  type Resident,
  type ResidentImport,
  type ResidentPage,
  type Role,
} from '../../src/api/contract';
import { parseCsv } from '../../src/lib/csv';
import { inDirectoryOrder, residentSortKey } from '../../src/lib/resident-search';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { insertUser } from '../../server/auth/users';
import type { Community } from '../../server/community';
import type { Queryable, Row } from '../../server/db/database';
import { migrate, readMigrations, splitStatements } from '../../server/db/migrate';
import { fillResidentSortKeys, insertResidents } from '../../server/residents/store';
import { DEMO_RESIDENTS } from '../../server/simulator/demo';
import { seedDemo } from '../../server/simulator/seed';
import {
  BACKENDS,
  backendTitle,
  createTestCommunity,
  openTestDatabase,
  testApp,
  testClock,
  type TestDatabase,
} from './helpers';

const ORIGIN = 'http://localhost';
type Res = { status: number; json: unknown; text: string; headers: Headers };

const HEADER = 'Name,Unit,Email,Phone,Household size,Status,Joined,Notes';

for (const backend of BACKENDS) {
  describe.skipIf(backend.skip !== null)(`residents directory: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    let app: ReturnType<typeof testApp>;
    const clock = testClock('2026-03-18T12:00:00Z');
    const cookies = {} as Record<Role, string>;

    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
      const passwordHash = await hashPassword('correct horse battery staple');
      for (const role of ['admin', 'manager', 'board'] as const) {
        const id = await insertUser(
          test.db,
          community.id,
          {
            email: `${role}@example.org`,
            name: `The ${role}`,
            role,
            passwordHash,
            // An Admin without an authenticator may only enrol (server/auth/access.ts).
            totpSecret: role === 'admin' ? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' : null,
          },
          clock.now(),
        );
        if (id === null) throw new Error('duplicate');
        cookies[role] = `cg_session=${await createSession(test.db, id, clock.now())}`;
      }
      app = testApp(test.db, community, { clock: clock.now, demo: true });
    });
    afterAll(() => test?.drop());

    async function call(
      method: string,
      path: string,
      body?: unknown,
      { role = 'manager', type }: { role?: Role | null; type?: string } = {},
    ): Promise<Res> {
      const headers: Record<string, string> = {};
      if (role) headers.Cookie = cookies[role];
      if (method !== 'GET') headers.Origin = ORIGIN;
      if (body !== undefined) headers['Content-Type'] = type ?? 'application/json';
      const res = await app.app.request(path, {
        method,
        headers,
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      // Read as bytes: Response.text() would drop a byte order mark.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, json, text, headers: res.headers };
    }
    const list = async (query = '') =>
      (await call('GET', `${RESIDENTS_PATH}${query}`)).json as ResidentPage;
    const importCsv = (csv: string, dryRun: boolean, role: Role = 'manager') =>
      call('POST', `${RESIDENTS_IMPORT_PATH}${dryRun ? '?dryRun=1' : ''}`, csv, {
        role,
        type: 'text/csv',
      });
    const auditRows = (action: string) =>
      test.db.query<{ action: string; target: string; before: unknown; after: unknown }>(
        `SELECT action, target, before, after FROM audit_log WHERE action = $1 ORDER BY id`,
        [action],
      );
    const count = async () => (await list()).total;

    let emily: Resident;

    it('a Manager adds a resident: stored, trimmed, audited', async () => {
      const res = await call('POST', RESIDENTS_PATH, {
        name: '  Emily Rodriguez ',
        unit: 'A-101',
        email: 'Emily@Example.com',
        phone: '(555) 010-4101',
        householdSize: 3,
        joinedOn: '2021-03-14',
      });
      expect(res.status).toBe(201);
      emily = res.json as Resident;
      expect(emily).toMatchObject({
        name: 'Emily Rodriguez',
        unit: 'A-101',
        email: 'Emily@Example.com',
        householdSize: 3,
        status: 'active',
        joinedOn: '2021-03-14',
        notes: '',
      });
      const [row] = await auditRows('resident.create');
      expect(row).toMatchObject({ target: String(emily.id), before: null });
      expect(row?.after).toMatchObject({ name: 'Emily Rodriguez' });

      const minimal = await call('POST', RESIDENTS_PATH, { name: 'Marcus Johnson', unit: 'D-143' });
      expect(minimal.status).toBe(201);
      expect(minimal.json).toMatchObject({ email: null, phone: null, householdSize: null });
    });

    it('refuses bad input with a 400 naming the field, and a second resident with one email', async () => {
      const cases: [unknown, RegExp][] = [
        [{ unit: 'A-1' }, /^name:/],
        [{ name: ' ', unit: 'A-1' }, /^name:/],
        [{ name: 'x'.repeat(101), unit: 'A-1' }, /^name:/],
        [{ name: 'A', unit: 'A-1', email: 'not-an-email' }, /^email:/],
        [{ name: 'A', unit: 'A-1', householdSize: 0 }, /^householdSize:/],
        [{ name: 'A', unit: 'A-1', householdSize: 51 }, /^householdSize:/],
        [{ name: 'A', unit: 'A-1', status: 'moved' }, /^status:/],
        [{ name: 'A', unit: 'A-1', joinedOn: '14/03/2021' }, /^joinedOn:/],
        // The right shape but no such day: the database would refuse it (a 500 before).
        [{ name: 'A', unit: 'A-1', joinedOn: '2024-02-30' }, /^joinedOn: must be a real date$/],
        [{ name: 'A', unit: 'A-1', joinedOn: '0000-01-01' }, /^joinedOn: must be a real date$/],
        [
          { name: 'A', unit: 'A-1', joinedOn: '2099-01-01' },
          /^joinedOn: must not be in the future$/,
        ],
        [{ name: 'A', unit: 'A-1', id: 7 }, /unexpected field/],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', RESIDENTS_PATH, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((res.json as { error: string }).error).toMatch(message);
      }
      const dup = await call('POST', RESIDENTS_PATH, {
        name: 'Other',
        unit: 'Z-1',
        email: 'emily@example.COM',
      });
      expect(dup.status).toBe(409);
      expect((dup.json as { error: string }).error).toMatch(/^email: .*\(Emily Rodriguez\)/);
      const big = await call('POST', RESIDENTS_PATH, {
        name: 'A',
        unit: 'B',
        notes: 'x'.repeat(20_000),
      });
      expect(big.status).toBe(413);
      expect(await count()).toBe(2);
    });

    it('edits and removes, with before and after in the audit log', async () => {
      const res = await call('PATCH', `${RESIDENTS_PATH}/${emily.id}`, {
        unit: 'A-102',
        status: 'inactive',
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        unit: 'A-102',
        status: 'inactive',
        email: 'Emily@Example.com',
      });
      const [update] = await auditRows('resident.update');
      expect(update?.before).toMatchObject({ unit: 'A-101', status: 'active' });
      expect(update?.after).toMatchObject({ unit: 'A-102', status: 'inactive' });

      // A PATCH that changes nothing (empty, or the values already stored) writes nothing and
      // is not logged as a change.
      const updatedAt = async () =>
        (
          await test.db.query<{ at: string }>(
            `SELECT updated_at::text AS at FROM residents WHERE id = $1`,
            [emily.id],
          )
        )[0]?.at;
      const stamped = await updatedAt();
      clock.advance(60_000);
      for (const same of [{}, { unit: 'A-102' }, { status: 'inactive', unit: 'A-102' }]) {
        const unchanged = await call('PATCH', `${RESIDENTS_PATH}/${emily.id}`, same);
        expect(unchanged).toMatchObject({
          status: 200,
          json: { unit: 'A-102', status: 'inactive' },
        });
      }
      expect(await auditRows('resident.update')).toHaveLength(1);
      expect(await updatedAt()).toBe(stamped);

      expect((await call('PATCH', `${RESIDENTS_PATH}/99999`, { unit: 'X' })).status).toBe(404);
      expect((await call('PATCH', `${RESIDENTS_PATH}/abc`, { unit: 'X' })).status).toBe(404);
      expect((await call('PATCH', `${RESIDENTS_PATH}/${emily.id}`, { unit: '' })).status).toBe(400);

      const added = (await call('POST', RESIDENTS_PATH, { name: 'Temp', unit: 'T-1' }))
        .json as Resident;
      const removed = await call('DELETE', `${RESIDENTS_PATH}/${added.id}`);
      expect(removed.status).toBe(200);
      expect((await call('DELETE', `${RESIDENTS_PATH}/${added.id}`)).status).toBe(404);
      const [remove] = await auditRows('resident.remove');
      expect(remove?.before).toMatchObject({ name: 'Temp' });
      expect(await count()).toBe(2);
    });

    it('searches by name words, email and unit (ignoring case and punctuation), with bounds', async () => {
      for (const [name, unit, email] of [
        ['James Thompson', 'A-204', 'jt@example.com'],
        ['Aisha Mohammed', 'B-112', null],
        ['Grace O’Connor', 'D-007', 'grace@example.net'],
      ] as const) {
        expect((await call('POST', RESIDENTS_PATH, { name, unit, email })).status).toBe(201);
      }
      const names = async (q: string) =>
        (await list(`?q=${encodeURIComponent(q)}`)).residents.map((r) => r.name);
      expect(await names('')).toEqual([
        'Aisha Mohammed',
        'Emily Rodriguez',
        'Grace O’Connor',
        'James Thompson',
        'Marcus Johnson',
      ]);
      expect(await names('THOMPSON')).toEqual(['James Thompson']);
      expect(await names('em rod')).toEqual(['Emily Rodriguez']);
      expect(await names('a204')).toEqual(['James Thompson']);
      expect(await names('b 112')).toEqual(['Aisha Mohammed']);
      expect(await names('example.net')).toEqual(['Grace O’Connor']);
      expect(await names('100%_')).toEqual([]);

      const page = await list('?q=a&limit=2&offset=1');
      expect(page).toMatchObject({ limit: 2, offset: 1, total: 5, active: 4 });
      expect(page.residents).toHaveLength(2);
      expect(page.matching).toBeGreaterThanOrEqual(3);

      for (const bad of [
        '?limit=0',
        '?limit=201',
        '?limit=1e2',
        '?offset=-1',
        '?offset=',
        `?q=${'x'.repeat(101)}`,
      ]) {
        const res = await call('GET', `${RESIDENTS_PATH}${bad}`);
        expect(res.status, bad).toBe(400);
        expect((res.json as { error: string }).error).toMatch(/^Invalid query/);
      }
    });

    it('searches without regard to accents or case: zoe finds Zoë, JOSE finds José', async () => {
      const added: Resident[] = [];
      for (const [name, unit, email] of [
        ['Zoë Adams', 'QZ-1', null],
        ['José Núñez', 'QZ-2', 'jose.nunez@example.org'],
        ['Marie-ÉLODIE Brun', 'QZ-3', null],
        ['Ørjan Smith', 'QZ-4', null],
        ['Łucja Straße', 'QZ-5', null],
        ['Ægir Þórsson', 'QZ-6', null],
      ] as const) {
        const res = await call('POST', RESIDENTS_PATH, { name, unit, email });
        expect(res.status).toBe(201);
        added.push(res.json as Resident);
      }
      const names = async (q: string) =>
        (await list(`?q=${encodeURIComponent(q)}`)).residents.map((r) => r.name);
      expect(await names('zoe')).toEqual(['Zoë Adams']);
      expect(await names('ZOË')).toEqual(['Zoë Adams']);
      expect(await names('jose')).toEqual(['José Núñez']);
      expect(await names('josé nunez')).toEqual(['José Núñez']);
      expect(await names('élodie')).toEqual(['Marie-ÉLODIE Brun']);
      // A decomposed query (as some keyboards send it) finds the composed name.
      expect(await names('Zoe\u0308')).toEqual(['Zoë Adams']);
      // The apostrophe typed any way, or not at all.
      for (const q of ['oconnor', "o'connor", 'O’CONNOR', 'grace oʼconnor']) {
        expect(await names(q), q).toEqual(['Grace O’Connor']);
      }
      // Letters NFD leaves whole, found by the letters typed for them.
      expect(await names('orjan')).toEqual(['Ørjan Smith']);
      expect(await names('ØRJAN')).toEqual(['Ørjan Smith']);
      expect(await names('lucja strasse')).toEqual(['Łucja Straße']);
      expect(await names('aegir thorsson')).toEqual(['Ægir Þórsson']);
      // Paged after the match, in the directory's order (Ægir, José, Łucja, Marie, Ørjan, Zoë):
      // the third and fourth of the six, and the count of all six.
      const page = await list('?q=qz&limit=2&offset=2');
      expect(page).toMatchObject({ matching: 6, limit: 2, offset: 2 });
      expect(page.residents.map((r) => r.name)).toEqual(['Łucja Straße', 'Marie-ÉLODIE Brun']);
      for (const resident of added) {
        expect((await call('DELETE', `${RESIDENTS_PATH}/${resident.id}`)).status).toBe(200);
      }
    });

    it('a dry run previews each row with its problems, by line and column, and stores nothing', async () => {
      const csv = [
        HEADER,
        'Olivia Martinez,C-018,olivia@example.com,(555) 010-6018,5,active,2023-04-27,',
        ',C-019,,,,,,', // line 3: no name
        'Robert Nguyen,C-221,not-an-email,,two,moved,2018-02-30,', // line 4
        '"Nguyen, Jr., Robert",C-222,OLIVIA@example.com,,,,,"says ""hi"""', // line 5: quoted, dup
        'Sam Lee,A-9,jt@example.com,,,,,', // line 6: already in the directory
      ].join('\r\n');
      const before = await count();
      const res = await importCsv(csv, true);
      expect(res.status).toBe(200);
      const result = res.json as ResidentImport;
      expect(result).toMatchObject({ dryRun: true, invalid: 4, imported: 0 });
      const problems = Object.fromEntries(
        result.rows.map((row) => [row.line, row.errors.map((e) => `${e.field}: ${e.message}`)]),
      );
      expect(problems[2]).toEqual([]);
      expect(problems[3]).toEqual([expect.stringMatching(/^Name: is required/)]);
      expect(problems[4]).toEqual([
        expect.stringMatching(/^Email: /),
        expect.stringMatching(/^Household size: /),
        expect.stringMatching(/^Status: /),
        'Joined: 2018-02-30 is not a real date',
      ]);
      expect(problems[5]).toEqual(['Email: OLIVIA@example.com is also on line 2']);
      expect(problems[6]).toEqual([
        'Email: jt@example.com is already in the directory (James Thompson)',
      ]);
      expect(result.rows[3]).toMatchObject({ name: 'Nguyen, Jr., Robert', notes: 'says "hi"' });
      expect(await count()).toBe(before);
    });

    it('a real import with any bad row imports nothing (400 with the rows)', async () => {
      const before = await count();
      const res = await importCsv(`${HEADER}\nGood Person,G-1,,,,,,\n,G-2,,,,,,\n`, false);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        error: 'Nothing was imported: 1 of 2 rows have problems',
        dryRun: false,
        invalid: 1,
        imported: 0,
      });
      expect(await count()).toBe(before);
      expect(await auditRows('resident.import')).toEqual([]);
    });

    it('refuses a bad file as a whole: header, empty, too many rows, too large, wrong type', async () => {
      const error = async (csv: string, status = 400, type = 'text/csv') => {
        const res = await call('POST', `${RESIDENTS_IMPORT_PATH}?dryRun=1`, csv, { type });
        expect(res.status, csv.slice(0, 60)).toBe(status);
        return (res.json as { error: string }).error;
      };
      expect(await error('Name,Flat,Email\nA,1,\n')).toMatch(
        /^Line 1 \(the header\): unknown column "Flat"; missing column Unit/,
      );
      expect(await error('Unit,Email\n1,a@b.co\n')).toMatch(/missing column Name/);
      expect(await error('Name,Unit,Name\nA,1,B\n')).toMatch(/column Name appears twice/);
      expect(await error('')).toMatch(/^The file is empty/);
      expect(await error('Name,Unit\n\n')).toMatch(/no residents/);
      expect(await error('Name,Unit\n"A,1\n')).toMatch(/^Line 2: a quoted cell is never closed/);
      const many = `Name,Unit\n${'A,1\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
      expect(await error(many)).toMatch(/has 5,001 residents; import at most 5,000/);
      const huge = `Name,Unit,Notes\n${`A,1,${'x'.repeat(400)}\n`.repeat(3000)}`;
      expect(await error(huge, 413)).toMatch(/larger than 1 MB/);
      expect(await error('Name,Unit\nA,1\n', 415, 'application/json')).toMatch(/text\/csv/);
      // "José" in Windows-1252, as Excel's plain CSV writes it.
      const latin1 = await app.app.request(`${RESIDENTS_IMPORT_PATH}?dryRun=1`, {
        method: 'POST',
        headers: { Cookie: cookies.manager, Origin: ORIGIN, 'Content-Type': 'text/csv' },
        body: Buffer.concat([
          Buffer.from('Name,Unit\nJos'),
          Buffer.from([0xe9]),
          Buffer.from(',1\n'),
        ]),
      });
      expect(latin1.status).toBe(400);
      expect(((await latin1.json()) as { error: string }).error).toMatch(/^Line 2: .*not UTF-8/);
      const bad = await call('POST', `${RESIDENTS_IMPORT_PATH}?dryRun=yes`, 'Name,Unit\nA,1\n', {
        type: 'text/csv',
      });
      expect(bad.status).toBe(400);
    });

    it('imports a good file in one transaction with one audit row holding the count', async () => {
      const before = await count();
      // A BOM, CRLF, a blank line, a line break inside quotes, a protected formula cell.
      const csv =
        '\uFEFFname,UNIT,e-mail,Phone number\r\n' +
        "Olivia Martinez,C-018,olivia@example.com,'+1 555 010 6018\r\n" +
        '\r\n' +
        '"Robert\nNguyen",C-221,,\r\n';
      const dry = (await importCsv(csv, true)).json as ResidentImport;
      expect(dry.invalid).toBe(0);
      expect(dry.rows.map((r) => r.line)).toEqual([2, 4]);
      const res = await importCsv(csv, false);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ dryRun: false, invalid: 0, imported: 2 });
      expect(await count()).toBe(before + 2);
      const olivia = (await list('?q=olivia')).residents[0];
      expect(olivia).toMatchObject({ unit: 'C-018', phone: '+1 555 010 6018' });
      // The line break typed into the name's cell became a space: a name takes one line.
      expect((await list('?q=nguyen')).residents[0]).toMatchObject({ name: 'Robert Nguyen' });
      const audits = await auditRows('resident.import');
      expect(audits).toHaveLength(1);
      expect(audits[0]?.after).toMatchObject({ count: 2 });
      // The same file again: every email is now a duplicate, nothing is added.
      const again = await importCsv(csv, false);
      expect(again.status).toBe(400);
      expect(await count()).toBe(before + 2);
    });

    it('lists by name without regard to accents or case, the same on every database and page', async () => {
      const added: Resident[] = [];
      for (const [name, unit] of [
        ['Zoe Adams', 'QS-1'],
        ['Élodie Martin', 'QS-2'],
        ['Emma Brown', 'QS-3'],
        ['eli Cohen', 'QS-4'],
        ['Eli Abbott', 'QS-5'],
        ['Zoë Adams', 'QS-6'],
        // Beyond U+FFFF, and a full-width letter from a Japanese keyboard: after z, in code
        // point order (UTF-16 order would swap them).
        ['𠮷田 Hana', 'QS-7'],
        ['Ｋｅｎ Sato', 'QS-8'],
        // Letters NFD leaves whole sort with the letters typed for them, and an apostrophe
        // counts for nothing: not after z, as they did.
        ['Ørjan Smith', 'QS-10'],
        ['Oscar Lee', 'QS-11'],
        ['Æsa Holm', 'QS-12'],
        ['Łukasz Nowak', 'QS-13'],
        ['Dara O’Neill', 'QS-14'],
        ['Dara Oakes', 'QS-15'],
      ] as const) {
        const res = await call('POST', RESIDENTS_PATH, { name, unit });
        expect(res.status).toBe(201);
        added.push(res.json as Resident);
      }
      // An import writes the same order as an Add.
      expect((await importCsv(`${HEADER}\nÉmile Roux,QS-9,,,,,,\n`, false)).status).toBe(200);
      added.push(...(await list('?q=qs-9')).residents);
      const order = [
        'Æsa Holm',
        'Dara Oakes',
        'Dara O’Neill',
        'Eli Abbott',
        'eli Cohen',
        'Élodie Martin',
        'Émile Roux',
        'Emma Brown',
        'Łukasz Nowak',
        'Ørjan Smith',
        'Oscar Lee',
        'Zoe Adams',
        'Zoë Adams',
        'Ｋｅｎ Sato',
        '𠮷田 Hana',
      ];
      const ours = (residents: { name: string }[]) =>
        residents.map((r) => r.name).filter((name) => order.includes(name));

      const whole = await list('?limit=200');
      expect(ours(whole.residents)).toEqual(order);
      // The mock server's order (mocks/residents-handlers.ts) is the database's.
      expect(inDirectoryOrder(whole.residents)).toEqual(whole.residents);
      // An edit moves the resident to the new name's place.
      const zoe = added[0];
      if (!zoe) throw new Error('not added');
      await call('PATCH', `${RESIDENTS_PATH}/${zoe.id}`, { name: 'Ëve Adams' });
      expect((await list('?q=qs')).residents.map((r) => r.name)).toEqual([
        'Æsa Holm',
        'Dara Oakes',
        'Dara O’Neill',
        'Eli Abbott',
        'eli Cohen',
        'Élodie Martin',
        'Émile Roux',
        'Emma Brown',
        'Ëve Adams',
        'Łukasz Nowak',
        'Ørjan Smith',
        'Oscar Lee',
        'Zoë Adams',
        'Ｋｅｎ Sato',
        '𠮷田 Hana',
      ]);
      await call('PATCH', `${RESIDENTS_PATH}/${zoe.id}`, { name: 'Zoe Adams' });

      // Every page continues the one before: no one twice, no one left out.
      const paged: Resident[] = [];
      for (let offset = 0; offset < whole.total; offset += 3) {
        paged.push(...(await list(`?limit=3&offset=${offset}`)).residents);
      }
      expect(paged.map((r) => r.id)).toEqual(whole.residents.map((r) => r.id));
      // A search and the CSV export keep the same order.
      expect(ours((await list('?q=qs')).residents)).toEqual(order);
      const page = await list('?q=qs&limit=2&offset=5');
      expect(page.residents.map((r) => r.name)).toEqual(['Élodie Martin', 'Émile Roux']);
      const csv = parseCsv((await call('GET', RESIDENTS_EXPORT_PATH)).text);
      if (!csv.ok) throw new Error(csv.error);
      expect(ours(csv.records.map((r) => ({ name: r.cells[0] ?? '' })))).toEqual(order);

      for (const resident of added) {
        expect((await call('DELETE', `${RESIDENTS_PATH}/${resident.id}`)).status).toBe(200);
      }
    });

    it('exports the directory as CSV that no spreadsheet runs as a formula', async () => {
      const evil = await call('POST', RESIDENTS_PATH, {
        name: '=HYPERLINK("http://evil.example","x")',
        unit: '@SUM(A1)',
        phone: '+1 555 0100',
        notes: '-2+3',
      });
      expect(evil.status).toBe(201);
      const res = await call('GET', RESIDENTS_EXPORT_PATH);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('Content-Disposition')).toMatch(
        /^attachment; filename="residents-[a-z0-9-]+-2026-03-18\.csv"$/,
      );
      expect(res.text.startsWith('\uFEFF')).toBe(true);
      const parsed = parseCsv(res.text);
      if (!parsed.ok) throw new Error(parsed.error);
      const [header, ...rows] = parsed.records.map((r) => r.cells);
      expect(header).toEqual(HEADER.split(','));
      expect(rows).toHaveLength(await count());
      const row = rows.find((cells) => cells[0]?.includes('HYPERLINK'));
      expect(row?.slice(0, 3)).toEqual([
        '\'=HYPERLINK("http://evil.example","x")',
        "'@SUM(A1)",
        '',
      ]);
      expect(row?.[3]).toBe("'+1 555 0100");
      expect(row?.[7]).toBe("'-2+3");
      // Every cell that starts like a formula is protected.
      for (const cells of rows) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      // And the export imports again as it was (without the emails already there).
      const back = (await importCsv(res.text, true)).json as ResidentImport;
      const evilRow = back.rows.find((r) => r.name.includes('HYPERLINK'));
      expect(evilRow).toMatchObject({ unit: '@SUM(A1)', phone: '+1 555 0100', errors: [] });
    });

    it('Board members cannot read or change the directory; Admins can', async () => {
      for (const [method, path, body] of [
        ['GET', RESIDENTS_PATH, undefined],
        ['GET', RESIDENTS_EXPORT_PATH, undefined],
        ['POST', RESIDENTS_PATH, { name: 'B', unit: '1' }],
        ['PATCH', `${RESIDENTS_PATH}/${emily.id}`, { unit: '1' }],
        ['DELETE', `${RESIDENTS_PATH}/${emily.id}`, undefined],
      ] as const) {
        expect((await call(method, path, body, { role: 'board' })).status, path).toBe(403);
        expect((await call(method, path, body, { role: null })).status, path).toBe(403); // demo
      }
      expect((await importCsv('Name,Unit\nA,1\n', true, 'board')).status).toBe(403);
      expect((await call('GET', RESIDENTS_PATH, undefined, { role: 'admin' })).status).toBe(200);
      const admin = await call(
        'PATCH',
        `${RESIDENTS_PATH}/${emily.id}`,
        { notes: 'Pool key' },
        {
          role: 'admin',
        },
      );
      expect(admin.json).toMatchObject({ notes: 'Pool key' });
    });
  });

  describe.skipIf(backend.skip !== null)(`residents' sort keys: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    let community: Community;
    beforeAll(async () => {
      test = await openTestDatabase(backend);
      community = await createTestCommunity(test.db);
    });
    afterAll(() => test?.drop());

    const NAMES = ['Zoe Adams', 'Élodie Martin', 'Emma Brown', 'Eli Cohen', 'Grace O’Connor'];
    const keys = () =>
      test.db.query<{ name: string; sort_key: string | null }>(
        `SELECT name, sort_key FROM residents ORDER BY sort_key, id`,
      );

    it('migration 025 gives the residents already stored their keys, in the server’s order', async () => {
      await test.db.query(`DELETE FROM residents`);
      await insertResidents(
        test.db,
        community.id,
        NAMES.map((name, i) => ({ name, unit: `U-${i}` })),
        Date.parse('2026-03-18T12:00:00Z'),
      );
      // The database as it was before 025: no column, the old index.
      await test.db.query(`ALTER TABLE residents DROP COLUMN sort_key`);
      await test.db.query(
        `CREATE INDEX residents_name ON residents (community_id, lower(name), id)`,
      );
      await test.db.query(`DELETE FROM schema_migrations WHERE version = '025_resident_sort_key'`);
      // Two servers starting at once: one applies it, both fill, nothing is written twice.
      const applied = await Promise.all([migrate(test.db), migrate(test.db)]);
      expect(applied.flat()).toEqual(['025_resident_sort_key']);
      expect(await keys()).toEqual([
        { name: 'Eli Cohen', sort_key: 'eli cohen' },
        { name: 'Élodie Martin', sort_key: 'elodie martin' },
        { name: 'Emma Brown', sort_key: 'emma brown' },
        { name: 'Grace O’Connor', sort_key: 'grace oconnor' },
        { name: 'Zoe Adams', sort_key: 'zoe adams' },
      ]);
      expect(await fillResidentSortKeys(test.db)).toBe(0);
    });

    it('fills a row written without a key, never over an edit made meanwhile', async () => {
      await test.db.query(`UPDATE residents SET sort_key = NULL`);
      const [edited, renamed] = await test.db.query<{ id: number }>(
        `SELECT id FROM residents WHERE name IN ('Zoe Adams', 'Emma Brown') ORDER BY name DESC`,
      );
      // Between the fill's read and its write: a server edits Zoe (name and key), and one that
      // knows no keys renames Emma.
      const racing: Queryable = {
        async query<T extends Row = Row>(text: string, params?: readonly unknown[]) {
          if (text.trimStart().startsWith('UPDATE')) {
            await test.db.query(
              `UPDATE residents SET name = 'Anna Adams', sort_key = 'anna adams' WHERE id = $1`,
              [edited?.id],
            );
            await test.db.query(`UPDATE residents SET name = 'Emmy Brown' WHERE id = $1`, [
              renamed?.id,
            ]);
          }
          return test.db.query<T>(text, params);
        },
        bulkInsert: (table, columns, rows) => test.db.bulkInsert(table, columns, rows),
      };
      expect(await fillResidentSortKeys(racing)).toBe(3);
      expect(await keys()).toEqual([
        { name: 'Anna Adams', sort_key: 'anna adams' },
        { name: 'Eli Cohen', sort_key: 'eli cohen' },
        { name: 'Élodie Martin', sort_key: 'elodie martin' },
        { name: 'Grace O’Connor', sort_key: 'grace oconnor' },
        // Not the key of its old name: none until the next fill, and listed last until then.
        { name: 'Emmy Brown', sort_key: null },
      ]);
      expect(await fillResidentSortKeys(test.db)).toBe(1);
      expect((await keys()).map((r) => r.name)).toEqual([
        'Anna Adams',
        'Eli Cohen',
        'Élodie Martin',
        'Emmy Brown',
        'Grace O’Connor',
      ]);
    });

    it('migration 026 gives the residents stored with the old fold their new keys', async () => {
      await test.db.query(`DELETE FROM residents`);
      await insertResidents(
        test.db,
        community.id,
        ['Zoe Adams', 'Ørjan Smith', 'Oscar Lee', 'Grace O’Connor', 'Grace Oakes'].map(
          (name, i) => ({ name, unit: `U-${i}` }),
        ),
        Date.parse('2026-03-18T12:00:00Z'),
      );
      // The keys as the fold before 026 wrote them: Ø left as it is (after z), the apostrophe
      // kept as a straight one.
      await test.db.query(
        `UPDATE residents SET sort_key = CASE name
           WHEN 'Ørjan Smith' THEN 'ørjan smith'
           WHEN 'Grace O’Connor' THEN 'grace o''connor'
           ELSE lower(name) END`,
      );
      expect((await keys()).map((r) => r.name)).toEqual([
        'Grace O’Connor',
        'Grace Oakes',
        'Oscar Lee',
        'Zoe Adams',
        'Ørjan Smith',
      ]);
      await test.db.query(
        `DELETE FROM schema_migrations WHERE version = '026_refold_resident_sort_keys'`,
      );
      // Two servers starting at once: one applies it, both fill, nothing is written twice.
      const applied = await Promise.all([migrate(test.db), migrate(test.db)]);
      expect(applied.flat()).toEqual(['026_refold_resident_sort_keys']);
      expect(await keys()).toEqual([
        { name: 'Grace Oakes', sort_key: 'grace oakes' },
        { name: 'Grace O’Connor', sort_key: 'grace oconnor' },
        { name: 'Ørjan Smith', sort_key: 'orjan smith' },
        { name: 'Oscar Lee', sort_key: 'oscar lee' },
        { name: 'Zoe Adams', sort_key: 'zoe adams' },
      ]);
      expect(await fillResidentSortKeys(test.db)).toBe(0);
    });

    it('refills a directory of MAX_RESIDENTS residents after migrating', async () => {
      await test.db.query(`DELETE FROM residents`);
      const names = Array.from({ length: MAX_RESIDENTS }, (_, i) =>
        i % 2 ? `Ørjan ${i}` : `O’Connor ${i}`,
      );
      await insertResidents(
        test.db,
        community.id,
        names.map((name, i) => ({ name, unit: `U-${i}` })),
        Date.parse('2026-03-18T12:00:00Z'),
      );
      await test.db.query(`UPDATE residents SET sort_key = 'stale'`);
      await test.db.query(
        `DELETE FROM schema_migrations WHERE version = '026_refold_resident_sort_keys'`,
      );
      expect(await migrate(test.db)).toEqual(['026_refold_resident_sort_keys']);
      const rows = await test.db.query<{ name: string; sort_key: string | null }>(
        `SELECT name, sort_key FROM residents`,
      );
      expect(rows).toHaveLength(MAX_RESIDENTS);
      expect(rows.filter((r) => r.sort_key !== residentSortKey(r.name))).toEqual([]);
    });
  });

  describe.skipIf(backend.skip !== null)(`demo residents: ${backendTitle(backend)}`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await openTestDatabase(backend);
    });
    afterAll(() => test?.drop());

    it('the demo community is seeded with its residents, and migration 012 writes the same list', async () => {
      const now = Date.parse('2026-03-18T12:00:00Z');
      await seedDemo(test.db, { now, days: 1, stepMs: 60 * 60_000, eventDays: 2 });
      const stored = () =>
        test.db.query<Record<string, unknown>>(
          `SELECT name, unit, email, phone, household_size, status,
                  to_char(joined_on, 'YYYY-MM-DD') AS joined_on
             FROM residents ORDER BY name`,
        );
      const seeded = await stored();
      expect(seeded.map((r) => r.name)).toEqual(DEMO_RESIDENTS.map((r) => r.name).sort());
      const withoutKey = async () =>
        (await test.db.query(`SELECT id FROM residents WHERE sort_key IS NULL`)).length;
      expect(await withoutKey()).toBe(0);

      // A database seeded before the directory existed: the migration's own insert, whose rows
      // get their sort keys from the server after migrating (migration 025).
      await test.db.query(`DELETE FROM residents`);
      const migration = readMigrations().find((m) => m.version === '012_residents');
      const insert = splitStatements(migration?.sql ?? '').find((s) => s.startsWith('INSERT'));
      await test.db.query(insert ?? 'SELECT 1');
      expect(await stored()).toEqual(seeded);
      expect(await withoutKey()).toBe(DEMO_RESIDENTS.length);
      await migrate(test.db);
      expect(await withoutKey()).toBe(0);
    });
  });
}
