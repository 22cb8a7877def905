import { describe, it, expect } from 'vitest';
import { maskCustomerName, maskPhone, redactCustomer, UNKNOWN_CUSTOMER } from './mask-name.ts';

describe('maskCustomerName', () => {
  it('keeps the first name and two letters of the last name, then up to three X', () => {
    expect(maskCustomerName('John Smith')).toBe('John SmXXX');
    expect(maskCustomerName('Maria Gonzalez')).toBe('Maria GoXXX');
    expect(maskCustomerName('Ann Ruiz')).toBe('Ann RuXX');
  });
  it('hides at least one letter of a short last name too (issue 34 item 8)', () => {
    expect(maskCustomerName('Amy Lee')).toBe('Amy LeX');
    expect(maskCustomerName('Tom Li')).toBe('Tom LX');
    expect(maskCustomerName('Bo Y')).toBe('Bo X');
  });
  it('uses the last word as the last name and drops middle names', () => {
    expect(maskCustomerName('Mary Ann Johnson')).toBe('Mary JoXXX');
    expect(maskCustomerName('  Ed   Walker  ')).toBe('Ed WaXXX');
  });
  it('shows Unknown Customer for a missing name', () => {
    expect(maskCustomerName(null)).toBe(UNKNOWN_CUSTOMER);
    expect(maskCustomerName(undefined)).toBe('Unknown Customer');
    expect(maskCustomerName('   ')).toBe('Unknown Customer');
  });
  it('shows a single name as it is', () => {
    expect(maskCustomerName('Cher')).toBe('Cher');
  });
});

describe('maskPhone', () => {
  it('keeps only the last four digits', () => {
    expect(maskPhone('(555) 123-4567')).toBe('***-***-4567');
    expect(maskPhone('12')).toBe('');
    expect(maskPhone(null)).toBe('');
  });
});

describe('redactCustomer', () => {
  it('masks the last name and the phone number inside a text', () => {
    const text = 'AI: Hi, is this Harold Thompson? THOMPSON family. Call 512-555-0199 or (512) 555 0199.';
    expect(redactCustomer(text, 'Harold Thompson', '5125550199')).toBe('AI: Hi, is this Harold ThXXX? ThXXX family. Call ***-***-0199 or ***-***-0199.');
  });
  it('masks short last names too, and leaves unknown customers alone', () => {
    expect(redactCustomer('Amy Lee here', 'Amy Lee', null)).toBe('Amy LeX here');
    expect(redactCustomer('hello', null, '12')).toBe('hello');
  });
});
