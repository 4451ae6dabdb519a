import type { Resident, ResidentInput } from '../../src/api/contract';
import type { Column, Queryable } from '../db/database';

/** The residents directory in the database (migration 012). */

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
