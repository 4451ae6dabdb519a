import { describe, expect, it } from 'vitest';
import { hoursProblem, slugFor } from '../../server/amenities/setup';

describe('slugFor', () => {
  it('makes a public id from the name', () => {
    expect(slugFor('Solis Hall', new Set())).toBe('solis-hall');
    expect(slugFor('  Café & Pool #2 ', new Set())).toBe('cafe-pool-2');
    expect(slugFor('!!!', new Set())).toBe('amenity');
  });

  it('never reuses a taken id, archived ones included', () => {
    expect(slugFor('Pool', new Set(['pool']))).toBe('pool-2');
    expect(slugFor('Pool', new Set(['pool', 'pool-2']))).toBe('pool-3');
  });

  it('stays within 60 characters, suffix included', () => {
    const long = 'a'.repeat(70);
    expect(slugFor(long, new Set())).toHaveLength(60);
    const second = slugFor(long, new Set(['a'.repeat(60)]));
    expect(second).toHaveLength(60);
    expect(second.endsWith('-2')).toBe(true);
  });
});

describe('hoursProblem', () => {
  it('accepts hours that close after they open, all day included', () => {
    expect(hoursProblem(360, 1320)).toBeNull();
    expect(hoursProblem(0, 1440)).toBeNull();
  });

  it('names closesMinute when the hours are empty or cross midnight', () => {
    expect(hoursProblem(600, 600)).toContain('closesMinute');
    expect(hoursProblem(1320, 60)).toContain('closesMinute');
  });
});
