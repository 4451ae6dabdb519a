import { describe, expect, it } from 'vitest';
import { PAGE_PARAM, parsePageParam, withPageParam } from '../../src/lib/page-param';

describe('parsePageParam', () => {
  it('reads a whole number from 1 up as that page', () => {
    expect(parsePageParam('1')).toBe(1);
    expect(parsePageParam('4')).toBe(4);
    expect(parsePageParam('04')).toBe(4);
    expect(parsePageParam('250')).toBe(250);
  });

  it('reads no page, or anything that is not a page, as page 1', () => {
    for (const value of [
      null,
      '',
      'abc',
      '0',
      '00',
      '-1',
      '1.5',
      '2.0',
      '+2',
      ' 2',
      '2 ',
      '1e3',
      '0x10',
      'Infinity',
      'NaN',
      '٣',
    ]) {
      expect(parsePageParam(value), String(value)).toBe(1);
    }
  });

  it('keeps a page past maxPage at maxPage, however long the number', () => {
    expect(parsePageParam('401', 401)).toBe(401);
    expect(parsePageParam('402', 401)).toBe(401);
    expect(parsePageParam('99999999999999999999999999', 401)).toBe(401);
    expect(parsePageParam('99999999999999999999999999')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('withPageParam', () => {
  it('sets the page next to the other parameters, and leaves the original alone', () => {
    const params = new URLSearchParams('q=oak');
    expect(withPageParam(params, 4).toString()).toBe(`q=oak&${PAGE_PARAM}=4`);
    expect(params.toString()).toBe('q=oak');
  });

  it('writes page 1 as no page at all, so the first page has one address', () => {
    expect(withPageParam(new URLSearchParams('q=oak&page=4'), 1).toString()).toBe('q=oak');
    expect(withPageParam(new URLSearchParams(''), 1).toString()).toBe('');
  });

  it('round-trips with parsePageParam', () => {
    for (const page of [1, 2, 17]) {
      expect(parsePageParam(withPageParam(new URLSearchParams(), page).get(PAGE_PARAM))).toBe(page);
    }
  });
});
