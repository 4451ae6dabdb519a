import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  MAX_IMPORT_BYTES,
  MAX_RESIDENTS,
  RESIDENTS_EXPORT_PATH,
  RESIDENTS_IMPORT_PATH,
  RESIDENTS_PATH,
  ResidentImportQuerySchema,
  ResidentInputSchema,
  ResidentPatchSchema,
  ResidentsQuerySchema,
  type ImportRow,
  type Resident,
  type ResidentImport,
  type ResidentPage,
} from '../../src/api/contract';
import { csvFilename } from '../../src/lib/download';
import {
  inputOfRow,
  markExistingEmails,
  parseResidentsCsv,
  residentsCsv,
} from '../../src/lib/residents-csv';
import { residentSearch, residentSortKey, type Searchable } from '../../src/lib/resident-search';
import { pathId, readJson, settingsBodyLimit } from '../alerts/json-body';
import { audit } from '../auth/audit';
import type { AuthEnv } from '../auth/middleware';
import { auditActor } from '../auth/request';
import type { Community } from '../community';
import { isUniqueViolation, type Database, type Queryable } from '../db/database';
import { HttpError } from '../errors';
import { parseQuery, type ResponseKit } from '../http';
import type { Clock } from '../time';
import {
  insertResidents,
  RESIDENT_COLUMNS_SQL,
  storedFields,
  toResident,
  type ResidentRow,
} from './store';

/**
 * The residents directory (issue 11; roles in server/auth/access.ts: Managers and Admins only,
 * reads included, because it is personal data):
 *
 *   GET    /api/residents?q=&limit=&offset=   a page of the matches, with the directory's counts
 *   POST   /api/residents                     add one
 *   PATCH  /api/residents/:id                 edit (any subset of the fields)
 *   DELETE /api/residents/:id                 remove
 *   POST   /api/residents/import[?dryRun=1]   a CSV file: every row checked; stored all or none
 *   GET    /api/residents.csv                 the whole directory as CSV (formula-safe)
 *
 * Writes lock the community row, so two servers never both pass the duplicate-email check, and
 * each is one transaction with its audit row.
 */
export type ResidentRoutesOptions = {
  db: Database;
  community: Community;
  clock: Clock;
  kit: ResponseKit;
  trustProxy: boolean;
};

const EMAIL_TAKEN = 'email: another resident already has this email address';

/**
 * The directory's order (migration 025): by the folded name, byte by byte whatever the database's
 * locale, so PGlite and PostgreSQL agree and the mock server can match (inDirectoryOrder), then
 * by id so that every page of an offset continues the one before.
 */
const DIRECTORY_ORDER = 'sort_key, id';

export function residentRoutes(options: ResidentRoutesOptions): Hono<AuthEnv> {
  const { db, community, clock, kit, trustProxy } = options;
  const routes = new Hono<AuthEnv>();
  const path = RESIDENTS_PATH.replace(/^\/api/, '');
  const importPath = RESIDENTS_IMPORT_PATH.replace(/^\/api/, '');
  const exportPath = RESIDENTS_EXPORT_PATH.replace(/^\/api/, '');
  const importLimit = bodyLimit({
    maxSize: MAX_IMPORT_BYTES,
    onError: () =>
      kit.problem(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it`),
  });
  routes.use(path, settingsBodyLimit(kit));
  routes.use(`${path}/:id{[0-9]+}`, settingsBodyLimit(kit));
  routes.use(importPath, importLimit);

  const who = (c: Context<AuthEnv>) => auditActor(c, community.id, trustProxy);

  /** Serialises the directory's writes of this community (the duplicate-email check). */
  const lockDirectory = (tx: Queryable) =>
    tx.query(`SELECT id FROM communities WHERE id = $1 FOR UPDATE`, [community.id]);

  const emailOwner = async (tx: Queryable, email: string | null, except: number | null) => {
    if (!email) return;
    const [row] = await tx.query<{ name: string }>(
      `SELECT name FROM residents
        WHERE community_id = $1 AND lower(email) = lower($2) AND id <> $3`,
      [community.id, email, except ?? 0],
    );
    if (row) throw new HttpError(409, `${EMAIL_TAKEN} (${row.name})`);
  };

  const countOf = async (tx: Queryable) => {
    const [row] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM residents WHERE community_id = $1`,
      [community.id],
    );
    return row?.n ?? 0;
  };

  const lockedResident = async (tx: Queryable, id: number): Promise<ResidentRow> => {
    const [row] = await tx.query<ResidentRow>(
      `SELECT ${RESIDENT_COLUMNS_SQL} FROM residents
        WHERE community_id = $1 AND id = $2 FOR UPDATE`,
      [community.id, id],
    );
    if (!row) throw new HttpError(404, `No resident ${id}`);
    return row;
  };

  /** A race the lock should prevent, answered as the conflict it is rather than a 500. */
  const conflictOnDuplicate = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN);
      throw error;
    }
  };

  /** The page of the search `matches` (of everyone without one), and how many match. */
  const searchPage = async (
    matches: ((resident: Searchable) => boolean) | null,
    limit: number,
    offset: number,
  ): Promise<{ rows: ResidentRow[]; matching: number | null }> => {
    if (matches === null) {
      const rows = await db.query<ResidentRow>(
        `SELECT ${RESIDENT_COLUMNS_SQL} FROM residents WHERE community_id = $1
          ORDER BY ${DIRECTORY_ORDER} LIMIT $2 OFFSET $3`,
        [community.id, limit, offset],
      );
      return { rows, matching: null };
    }
    // The match runs here, not in SQL: folding accents needs Unicode data that neither lower()
    // under PGlite's C locale nor a stock PostgreSQL (no unaccent) has. A directory holds at most
    // MAX_RESIDENTS, so its searched fields are read whole, and only the page's rows in full.
    const candidates = await db.query<Searchable & { id: number }>(
      `SELECT id, name, email, unit FROM residents WHERE community_id = $1
        ORDER BY ${DIRECTORY_ORDER}`,
      [community.id],
    );
    const found = candidates.filter(matches);
    const ids = found.slice(offset, offset + limit).map((r) => r.id);
    const rows = ids.length
      ? await db.query<ResidentRow>(
          `SELECT ${RESIDENT_COLUMNS_SQL} FROM residents
            WHERE community_id = $1 AND id = ANY($2::int[])
            ORDER BY ${DIRECTORY_ORDER}`,
          [community.id, ids],
        )
      : [];
    return { rows, matching: found.length };
  };

  routes.get(path, async (c) => {
    const { q, limit, offset } = parseQuery(ResidentsQuerySchema, c);
    const [{ rows, matching }, counts] = await Promise.all([
      searchPage(residentSearch(q), limit, offset),
      db.query<{ total: number; active: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active
           FROM residents WHERE community_id = $1`,
        [community.id],
      ),
    ]);
    const summary = counts[0] ?? { total: 0, active: 0 };
    const page: ResidentPage = {
      residents: rows.map(toResident),
      matching: matching ?? summary.total,
      limit,
      offset,
      total: summary.total,
      active: summary.active,
    };
    return kit.json(200, page);
  });

  routes.post(path, async (c) => {
    const input = storedFields(await readJson(c, ResidentInputSchema));
    const created = await conflictOnDuplicate(() =>
      db.transaction(async (tx) => {
        await lockDirectory(tx);
        if ((await countOf(tx)) >= MAX_RESIDENTS) {
          throw new HttpError(409, `A directory holds at most ${MAX_RESIDENTS} residents`);
        }
        await emailOwner(tx, input.email, null);
        const at = new Date(clock()).toISOString();
        const [row] = await tx.query<ResidentRow>(
          `INSERT INTO residents (community_id, name, unit, email, phone, household_size, status,
                                  joined_on, notes, created_at, updated_at, sort_key)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)
           RETURNING ${RESIDENT_COLUMNS_SQL}`,
          [
            community.id,
            input.name,
            input.unit,
            input.email,
            input.phone,
            input.householdSize,
            input.status,
            input.joinedOn,
            input.notes,
            at,
            residentSortKey(input.name),
          ],
        );
        if (!row) throw new Error('The resident was not created');
        const resident = toResident(row);
        await audit(
          tx,
          { ...who(c), action: 'resident.create', target: String(resident.id), after: resident },
          clock(),
        );
        return resident;
      }),
    );
    return kit.json(201, created);
  });

  routes.patch(`${path}/:id`, async (c) => {
    const id = pathId(c, 'resident');
    const patch = await readJson(c, ResidentPatchSchema);
    const updated = await conflictOnDuplicate(() =>
      db.transaction(async (tx) => {
        await lockDirectory(tx);
        const before = toResident(await lockedResident(tx, id));
        const next = storedFields({ ...before, ...patch });
        // Nothing to change (an empty PATCH, or the values already stored): nothing is written,
        // so neither its "updated" time nor the audit log says it changed.
        if (JSON.stringify(next) === JSON.stringify(storedFields(before))) return before;
        if (patch.email !== undefined) await emailOwner(tx, next.email, id);
        const [row] = await tx.query<ResidentRow>(
          `UPDATE residents SET name = $2, unit = $3, email = $4, phone = $5, household_size = $6,
                  status = $7, joined_on = $8, notes = $9, updated_at = $10, sort_key = $11
            WHERE id = $1
           RETURNING ${RESIDENT_COLUMNS_SQL}`,
          [
            id,
            next.name,
            next.unit,
            next.email,
            next.phone,
            next.householdSize,
            next.status,
            next.joinedOn,
            next.notes,
            new Date(clock()).toISOString(),
            residentSortKey(next.name),
          ],
        );
        if (!row) throw new Error('The resident was not updated');
        const after = toResident(row);
        await audit(
          tx,
          { ...who(c), action: 'resident.update', target: String(id), before, after },
          clock(),
        );
        return after;
      }),
    );
    return kit.json(200, updated);
  });

  routes.delete(`${path}/:id`, async (c) => {
    const id = pathId(c, 'resident');
    const removed = await db.transaction(async (tx) => {
      const before = toResident(await lockedResident(tx, id));
      await tx.query(`DELETE FROM residents WHERE id = $1`, [id]);
      await audit(
        tx,
        { ...who(c), action: 'resident.remove', target: String(id), before },
        clock(),
      );
      return before;
    });
    return kit.json(200, removed);
  });

  routes.post(importPath, async (c) => {
    const { dryRun } = parseQuery(ResidentImportQuerySchema, c);
    const type = c.req.header('Content-Type') ?? '';
    if (!/^(text\/csv|text\/plain|application\/csv)\b/i.test(type)) {
      throw new HttpError(415, 'Send the file as text/csv');
    }
    // Its size is bounded by importLimit above.
    const file = parseResidentsCsv(await c.req.text());
    if (!file.ok) throw new HttpError(400, file.error);

    /** The rows checked against the directory as it is in `tx`. */
    const check = async (tx: Queryable): Promise<ImportRow[]> => {
      const emails = file.rows.flatMap((row) => (row.email ? [row.email.toLowerCase()] : []));
      const existing = emails.length
        ? await tx.query<{ email: string; name: string }>(
            `SELECT lower(email) AS email, name FROM residents
              WHERE community_id = $1 AND lower(email) = ANY($2::text[])`,
            [community.id, emails],
          )
        : [];
      return markExistingEmails(file.rows, new Map(existing.map((r) => [r.email, r.name])));
    };
    const resultOf = (rows: ImportRow[], imported: number): ResidentImport => ({
      dryRun: dryRun === '1',
      rows,
      invalid: rows.filter((row) => row.errors.length > 0).length,
      imported,
    });

    if (dryRun === '1') return kit.json(200, resultOf(await check(db), 0));

    const outcome = await conflictOnDuplicate(() =>
      db.transaction(async (tx) => {
        await lockDirectory(tx);
        const rows = await check(tx);
        const result = resultOf(rows, 0);
        if (result.invalid > 0) return result;
        const total = (await countOf(tx)) + rows.length;
        if (total > MAX_RESIDENTS) {
          throw new HttpError(
            409,
            `The directory would hold ${total} residents; it holds at most ${MAX_RESIDENTS}`,
          );
        }
        await insertResidents(tx, community.id, rows.map(inputOfRow), clock());
        await audit(
          tx,
          {
            ...who(c),
            action: 'resident.import',
            target: `${rows.length} residents`,
            after: { count: rows.length, lines: [rows[0]?.line, rows.at(-1)?.line] },
          },
          clock(),
        );
        return { ...result, imported: rows.length };
      }),
    );
    if (outcome.invalid > 0) {
      const error = `Nothing was imported: ${outcome.invalid} of ${outcome.rows.length} rows have problems`;
      return kit.json(400, { error, ...outcome });
    }
    return kit.json(200, outcome);
  });

  routes.get(exportPath, async () => {
    const rows = await db.query<ResidentRow>(
      `SELECT ${RESIDENT_COLUMNS_SQL} FROM residents WHERE community_id = $1
        ORDER BY ${DIRECTORY_ORDER}`,
      [community.id],
    );
    const residents: Resident[] = rows.map(toResident);
    const filename = csvFilename(`residents-${community.slug}`, clock(), community.timeZone);
    return kit.reply(200, `\uFEFF${residentsCsv(residents)}`, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
