import { describe, it, expect } from 'vitest';
import { bearerToken } from './bearer.ts';

describe('bearerToken: the one Authorization reader', () => {
  it('reads one token after "Bearer" in any case, the header trimmed', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('BEARER   abc')).toBe('abc');
    expect(bearerToken('  Bearer abc  ')).toBe('abc');
    expect(bearerToken('Bearer\tabc')).toBe('abc');
  });

  it('is no token for anything else', () => {
    for (const h of [undefined, '', 'Bearer', 'Bearer ', 'Bearer a b', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearerabc', 'abc']) {
      expect(bearerToken(h), String(h)).toBeUndefined();
    }
  });
});
