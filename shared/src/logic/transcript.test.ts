import { describe, it, expect } from 'vitest';
import { transcriptTail, transcriptLastLines } from './transcript.ts';

describe('transcriptTail', () => {
  it('keeps a short transcript whole', () => {
    expect(transcriptTail('Hello there')).toBe('Hello there');
    expect(transcriptTail(null)).toBe('');
  });
  it('keeps the last 500 characters of a long one', () => {
    const text = 'a'.repeat(100) + 'b'.repeat(500);
    const tail = transcriptTail(text);
    expect(tail).toBe('…' + 'b'.repeat(500));
    expect(transcriptTail('x'.repeat(500))).toBe('x'.repeat(500));
  });
  it('takes a custom length', () => {
    expect(transcriptTail('abcdef', 3)).toBe('…def');
  });
});

describe('transcriptLastLines', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');
  it('keeps the last 65 percent of the lines, rounded up', () => {
    expect(transcriptLastLines(lines(10))).toEqual(['line 4', 'line 5', 'line 6', 'line 7', 'line 8', 'line 9', 'line 10']);
    expect(transcriptLastLines(lines(20))).toHaveLength(13);
    expect(transcriptLastLines(lines(20))[0]).toBe('line 8');
  });
  it('keeps at least three lines', () => {
    expect(transcriptLastLines(lines(4))).toEqual(['line 2', 'line 3', 'line 4']);
    expect(transcriptLastLines(lines(3))).toEqual(['line 1', 'line 2', 'line 3']);
  });
  it('keeps everything when there are fewer than three lines, ignoring blank ones', () => {
    expect(transcriptLastLines('one\n\n  \ntwo')).toEqual(['one', 'two']);
    expect(transcriptLastLines('')).toEqual([]);
    expect(transcriptLastLines('a\r\nb\r\nc\r\nd\r\ne')).toEqual(['b', 'c', 'd', 'e']);
  });
});
