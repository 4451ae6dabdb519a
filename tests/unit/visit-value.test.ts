import { describe, expect, it } from 'vitest';
import { AMENITY_TYPES } from '../../src/api/contract';
import { VISIT_VALUE, visitValueRates } from '../../src/lib/visit-value';
import { VISIT_VALUE as SERVER_VISIT_VALUE } from '../../server/community';

describe('the value of a visit', () => {
  it('is one table for the server’s Revenue Impact and the app’s texts, every type priced', () => {
    expect(SERVER_VISIT_VALUE).toBe(VISIT_VALUE);
    expect(Object.keys(VISIT_VALUE).sort()).toEqual([...AMENITY_TYPES].sort());
  });

  it('prints the rates so the figure can be recomputed by hand', () => {
    expect(visitValueRates('USD')).toBe(
      'lawn $1.00, hall $3.00, yard $1.50, lake $1.25, heritage $0.50, street $0.50, playground $1.00',
    );
    expect(visitValueRates('EUR')).toContain('hall €3.00');
  });
});
