import { describe, it, expect } from 'vitest';
import { bearerToken } from './bearer.ts';
import { presentedKey } from '../services/brightcall/api-key.ts';

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

  it('the API key check reads Authorization the same way (x-api-key first)', () => {
    expect(presentedKey({ authorization: 'bearer k1' })).toBe('k1');
    expect(presentedKey({ authorization: 'Bearer k1 k2' })).toBeUndefined();
    expect(presentedKey({ xApiKey: ' k3 ', authorization: 'Bearer k1' })).toBe('k3');
    expect(presentedKey({ xApiKey: ['k4'], authorization: undefined })).toBe('k4');
  });
});
