import type { Resident, ResidentInput } from '../../src/api/contract';
import { residentSortKey } from '../../src/lib/resident-search';
import type { Column, Queryable } from '../db/database';

/** The residents directory in the database (migrations 012 and 025). */

export type ResidentRow = {
  id: number;
  name: string;
  unit: string;
  email: string | null;
  phone: string | null;
  household_size: number | null;
  status: Resident['status'];
  joined_on: string | null;
  notes: string;
};

export const RESIDENT_COLUMNS_SQL = `id, name, unit, email, phone, household_size, status,
  to_char(joined_on, 'YYYY-MM-DD') AS joined_on, notes`;

export const toResident = (row: ResidentRow): Resident => ({
  id: row.id,
  name: row.name,
  unit: row.unit,
  email: row.email,
  phone: row.phone,
  householdSize: row.household_size,
  status: row.status,
  joinedOn: row.joined_on,
  notes: row.notes,
});

/** Optional text as stored: trimmed, and none rather than empty. */
const orNull = (text: string | null | undefined) => (text ? text : null);

/** Every field of a resident as stored, from an input (absent optional fields are empty). */
export function storedFields(input: ResidentInput) {
  return {
    name: input.name,
    unit: input.unit,
    email: orNull(input.email),
    phone: orNull(input.phone),
    householdSize: input.householdSize ?? null,
    status: input.status ?? 'active',
    joinedOn: input.joinedOn ?? null,
    notes: input.notes ?? '',
  };
}

const BULK_COLUMNS: readonly Column[] = [
  { name: 'community_id', type: 'int' },
  { name: 'name', type: 'text' },
  { name: 'sort_key', type: 'text' },
  { name: 'unit', type: 'text' },
  { name: 'email', type: 'text' },
  { name: 'phone', type: 'text' },
  { name: 'household_size', type: 'int' },
  { name: 'status', type: 'text' },
  { name: 'joined_on', type: 'date' },
  { name: 'notes', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
];

/** Writes many residents at once (an import, the demo seed), inside the caller's transaction. */
export async function insertResidents(
  tx: Queryable,
  communityId: number,
  residents: readonly ResidentInput[],
  now: number,
): Promise<void> {
  if (residents.length === 0) return;
  const at = new Date(now).toISOString();
  const rows = residents.map((input) => {
    const r = storedFields(input);
    return [
      communityId,
      r.name,
      residentSortKey(r.name),
      r.unit,
      r.email,
      r.phone,
      r.householdSize,
      r.status,
      r.joinedOn,
      r.notes,
      at,
      at,
    ];
  });
  await tx.bulkInsert('residents', BULK_COLUMNS, rows);
}

/**
 * Gives every resident stored without a sort key its key (migration 025): those from before it,
 * which SQL could not fold, and any a server without the column wrote since. migrate() runs it
 * at every start-up. Safe beside another server at work on the same database: a row is written
 * only while it still has no key and the name read, so an edit made meanwhile, which writes its
 * own key, is never overwritten. Returns how many it filled.
 */
export async function fillResidentSortKeys(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM residents WHERE sort_key IS NULL`,
  );
  if (rows.length === 0) return 0;
  const filled = await db.query(
    `UPDATE residents r SET sort_key = v.sort_key
       FROM unnest($1::int[], $2::text[], $3::text[]) AS v (id, name, sort_key)
      WHERE r.id = v.id AND r.name = v.name AND r.sort_key IS NULL
      RETURNING r.id`,
    [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => residentSortKey(r.name))],
  );
  return filled.length;
}
