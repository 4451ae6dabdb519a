/** The smallest magnitude a PostgreSQL `real` (float4) holds as a normal number. */
const FLOAT4_MIN_NORMAL = 1.1754943508222875e-38;

/**
 * A number as a `real` column keeps it: rounded to 4-byte precision, and a magnitude too small
 * for that read as 0. PostgreSQL refuses such a value ("out of range for type real") instead of
 * storing 0, so a sensor's 5e-324 would otherwise fail the whole write.
 */
export function asReal(value: number): number {
  return Math.abs(value) < FLOAT4_MIN_NORMAL ? 0 : Math.fround(value);
}

/** `asReal` for an optional value, as a nullable column takes it. */
export function asRealOrNull(value: number | undefined): number | null {
  return value === undefined ? null : asReal(value);
}
