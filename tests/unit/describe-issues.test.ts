import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { describeIssues } from '../../src/api/contract';

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
});
