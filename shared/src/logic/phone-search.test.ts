import { describe, it, expect } from 'vitest';
import { dialablePhone, phoneDigits, phoneSearchDigits } from './phone-search.ts';

describe('phone search', () => {
  it('reads the four ways of typing one US number as the same digits', () => {
    for (const typed of ['(615) 555-0142', '615-555-0142', '6155550142', '+1 615 555 0142', '1-615-555-0142', '615.555.0142']) {
      expect(phoneSearchDigits(typed), typed).toBe('6155550142');
      expect(phoneDigits(typed), typed).toBe('6155550142');
    }
  });

  it('is not a phone search for names, e-mails or part of a number', () => {
    expect(phoneSearchDigits('jane doe')).toBeNull();
    expect(phoneSearchDigits('jane@example.com')).toBeNull();
    expect(phoneSearchDigits('555-0142')).toBeNull();
    expect(phoneSearchDigits('615 555 0142 x12')).toBeNull();
    expect(phoneSearchDigits('')).toBeNull();
  });

  it('keeps other lengths as their digits (at most 15)', () => {
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits(null)).toBe('');
    expect(phoneDigits('1'.repeat(30))).toHaveLength(15);
  });
});

describe('a phone as a dialer takes it (decision 271)', () => {
  it('gives a US number in E.164 however it was typed', () => {
    for (const typed of ['(615) 555-0142', '615-555-0142', '6155550142', '+1 615 555 0142', '1-615-555-0142', ' 615.555.0142 ']) {
      expect(dialablePhone(typed), typed).toBe('+16155550142');
    }
  });

  it('keeps a number typed with its country code; null for nothing or what cannot be dialled', () => {
    expect(dialablePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(dialablePhone(null)).toBeNull();
    expect(dialablePhone('')).toBeNull();
    expect(dialablePhone('0155550142')).toBeNull(); // no US area code starts with 0
    expect(dialablePhone('615 555 0142 x12')).toBeNull(); // an extension: 12 digits, no country code
  });
});
