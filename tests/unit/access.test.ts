import { describe, expect, it } from 'vitest';
import {
  decide,
  isStateChanging,
  principalOf,
  ruleFor,
  type AccessRule,
} from '../../server/auth/access';
import { sessionAlive, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../server/auth/sessions';

describe('access table', () => {
  it('finds the rule of a request; HEAD uses the GET rule', () => {
    expect(ruleFor('GET', '/api/dashboard/metrics')).toMatchObject({ method: 'GET' });
    expect(ruleFor('HEAD', '/api/me')).toMatchObject({ path: '/api/me' });
    expect(ruleFor('DELETE', '/api/me')).toBeNull();
    expect(ruleFor('GET', '/api/nowhere')).toBeNull();
  });

  it('sensor ingest is sessionless (its bearer key is its authentication)', () => {
    expect(ruleFor('POST', '/api/readings')).toBe('sessionless');
    expect(ruleFor('GET', '/api/readings')).toBeNull();
  });

  it('an anonymous caller is told to sign in; anyone else not allowed is forbidden', () => {
    const rule: AccessRule = { method: 'POST', path: '/x', allow: ['admin', 'manager'] };
    expect(decide(rule, 'manager')).toBe('allow');
    expect(decide(rule, 'board')).toBe('forbidden');
    expect(decide(rule, 'demo')).toBe('forbidden');
    expect(decide(rule, 'anonymous')).toBe('unauthenticated');
  });

  it('an Admin without an authenticator is only enrolling', () => {
    expect(principalOf({ role: 'admin', totpEnabled: false })).toBe('enrolling');
    expect(principalOf({ role: 'admin', totpEnabled: true })).toBe('admin');
    expect(principalOf({ role: 'manager', totpEnabled: false })).toBe('manager');
  });

  it('only reads are free of the Origin check', () => {
    expect(['GET', 'HEAD', 'OPTIONS'].map(isStateChanging)).toEqual([false, false, false]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(isStateChanging)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('sessions expire after 12 idle hours or 30 days', () => {
    const start = 1_000_000;
    expect(sessionAlive(start, start, start + SESSION_IDLE_MS - 1)).toBe(true);
    expect(sessionAlive(start, start, start + SESSION_IDLE_MS)).toBe(false);
    const late = start + SESSION_ABSOLUTE_MS;
    expect(sessionAlive(start, late - 1, late - 1)).toBe(true);
    expect(sessionAlive(start, late - 1, late)).toBe(false);
  });
});
