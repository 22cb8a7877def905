import { describe, it, expect } from 'vitest';
import { apiKeyMatches, presentedKey } from './api-key.ts';

describe('presentedKey', () => {
  it('reads x-api-key first, then a Bearer authorization', () => {
    expect(presentedKey({ xApiKey: ' k1 ', authorization: 'Bearer k2' })).toBe('k1');
    expect(presentedKey({ authorization: 'bearer k2' })).toBe('k2');
    expect(presentedKey({ authorization: 'Basic k2' })).toBeUndefined();
    // One token, as every Authorization reader takes it (http/bearer.ts): a key with a space is none.
    expect(presentedKey({ authorization: 'Bearer k2 k3' })).toBeUndefined();
    expect(presentedKey({})).toBeUndefined();
  });
});

describe('apiKeyMatches', () => {
  it('matches only the configured key, and nothing when none is configured', () => {
    expect(apiKeyMatches('secret-key', 'secret-key')).toBe(true);
    expect(apiKeyMatches('secret-key', 'secret-kez')).toBe(false);
    expect(apiKeyMatches('secret-key', 'secret-key-longer')).toBe(false);
    expect(apiKeyMatches(undefined, 'anything')).toBe(false);
    expect(apiKeyMatches(undefined, undefined)).toBe(false);
    expect(apiKeyMatches('secret-key', undefined)).toBe(false);
  });
});
