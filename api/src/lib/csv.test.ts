import { describe, it, expect } from 'vitest';
import { csvLine } from './csv.ts';

describe('csvLine', () => {
  it('quotes every text cell, doubles quotes, keeps numbers and empty cells bare', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', 3, null, ''])).toBe('"a","b,c","say ""hi""","two\nlines",3,,\r\n');
  });
  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvLine(['=HYPERLINK("x")', '+15550001111', '-2', '@SUM(A1)'])).toBe(`"'=HYPERLINK(""x"")","'+15550001111","'-2","'@SUM(A1)"\r\n`);
  });
  it('defuses formula starts after any separator a spreadsheet may split on', () => {
    expect(csvLine(['Eve;=2+5;', 'a,+1', 'b\t@x', 'c|-3'])).toBe(`"Eve;'=2+5;","a,'+1","b\t'@x","c|'-3"\r\n`);
  });
  it('leaves numbers alone', () => {
    expect(csvLine([-5, 0])).toBe('-5,0\r\n');
  });
});
