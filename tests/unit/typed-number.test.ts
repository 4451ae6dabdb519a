import { describe, expect, it } from 'vitest';
import { parseTypedNumber } from '../../src/lib/typed-number';

describe('parseTypedNumber', () => {
  it.each([
    ['12', 12],
    ['12.50', 12.5],
    ['1,250', 1250],
    ['1,250.50', 1250.5],
    ['12,345,678', 12345678],
    [' $1,200 ', 1200],
    ['€ 12.50', 12.5],
    ['0', 0],
  ])('reads %j as %d', (typed, value) => {
    expect(parseTypedNumber(typed)).toBe(value);
  });

  it.each([
    '12,50',
    '1,25,000',
    '1e3',
    '0x10',
    '+5',
    '-5',
    '.5',
    '5.',
    '1.2.3',
    '',
    'twelve',
    ',100',
  ])('refuses %j instead of guessing', (typed) => {
    expect(parseTypedNumber(typed)).toBeNull();
  });
});
