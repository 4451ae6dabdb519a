import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  AmenityPatchSchema,
  describeIssues,
  QuietHoursSchema,
  ReadingSchema,
} from '../../src/api/contract';

const said = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return describeIssues(result.error);
};

describe('describeIssues', () => {
  const body = z.object({ householdSize: z.int().check(z.minimum(1), z.maximum(50)) });

  it("names the field's own bound", () => {
    expect(said(body, { householdSize: 51 })).toBe('householdSize: must be at most 50');
    expect(said(body, { householdSize: 0 })).toBe('householdSize: must be at least 1');
  });

  it("names the field's own bound past the safe integers, never 2^53", () => {
    expect(said(body, { householdSize: 2 ** 53 + 2 })).toBe('householdSize: must be at most 50');
    expect(said(body, { householdSize: -1e20 })).toBe('householdSize: must be at least 1');
  });

  it('says too large or too small where the field has no bound of its own', () => {
    const count = z.object({ fCnt: z.int() });
    expect(said(count, { fCnt: 2 ** 60 })).toBe('fCnt: is too large');
    expect(said(count, { fCnt: -(2 ** 60) })).toBe('fCnt: is too small');
  });

  it('says what a field with a format expects, with an example', () => {
    expect(said(AmenityPatchSchema, { color: '#FFFFFF' })).toBe(
      'color: must be a color such as #1a7f5a (# and six lowercase hex digits)',
    );
    expect(said(QuietHoursSchema, { start: '7:30', end: '22:00' })).toBe(
      'start: must be a time such as 07:30 (24-hour HH:MM)',
    );
    const reading = { amenityId: 'great-lawn', occupancy: 1, entries: 0, dwellMinutes: 0 };
    expect(said(ReadingSchema, { ...reading, time: '2026-03-18 18:30' })).toBe(
      'time: must be an ISO 8601 instant with its zone, such as 2026-03-18T18:30:00Z',
    );
  });
});
