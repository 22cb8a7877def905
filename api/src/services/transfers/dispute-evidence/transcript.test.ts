// Reading transcripts for the dispute rules: stamps, speakers by label or by how they talk, lines that
// continue the one before, and ages said in words.
import { describe, expect, it } from 'vitest';
import { numberFrom, readTranscript } from './transcript.ts';
import { classifyByRules } from './rules.ts';

describe('readTranscript', () => {
  it('reads [mm:ss] stamps and Agent/Caller-style labels', () => {
    const lines = readTranscript('[01:05] Rep: Hi there.\n[1:10] Prospect: Hello?\nno speaker here');
    expect(lines).toEqual([
      { at: '01:05', seconds: 65, speaker: 'Rep', text: 'Hi there.', role: 'agent' },
      { at: '01:10', seconds: 70, speaker: 'Prospect', text: 'Hello? no speaker here', role: 'caller' },
    ]);
  });

  it('tells the agent from the caller by their words when the labels are names, whoever speaks first', () => {
    const lines = readTranscript("Earl: Hello?\nJolene: Hi Earl, it's Jolene over at Family First Life, how are you doing today?\nEarl: Fine.");
    expect(lines.map((l) => [l.speaker, l.role])).toEqual([
      ['Earl', 'caller'],
      ['Jolene', 'agent'],
      ['Earl', 'caller'],
    ]);
  });

  it('takes the speaker who calls the other by name for the agent, when nothing else tells them apart', () => {
    const lines = readTranscript('Ruby: Who?\nLuis: Ruby, the one who asked about the burial plan?\nRuby: Nope.');
    expect(lines.map((l) => [l.speaker, l.role])).toEqual([
      ['Ruby', 'caller'],
      ['Luis', 'agent'],
      ['Ruby', 'caller'],
    ]);
  });

  it('is empty for no transcript', () => {
    expect(readTranscript(null)).toEqual([]);
  });
});

describe('numberFrom', () => {
  it.each([
    ['93', 93],
    ['ninety-three', 93],
    ['thirty one', 31],
    ['seventy', 70],
    ['a hundred', 100],
    ['many', null],
  ])('%s is %s', (words, n) => expect(numberFrom(words)).toBe(n));
});

describe('rules at the edges of the age range', () => {
  const ask = (answer: string) =>
    classifyByRules({
      reason: 'not_qualified',
      transcript: `Agent: Thanks for holding, this is Dana, a licensed agent. How old are you?\nCaller: ${answer}`,
      durationSeconds: 120,
      state: 'FL',
      workingStates: [],
    }).decision;
  it('approves outside 40 to 90, leaves an approximate age near a bound to an admin, and does not approve inside', () => {
    expect(ask("I'm 91.")).toBe('approve');
    expect(ask('Thirty-nine.')).toBe('approve');
    expect(ask("I'm about ninety, give or take.")).toBe('human');
    expect(ask("I'm 90.")).not.toBe('approve');
    expect(ask("I'm 40.")).not.toBe('approve');
  });
});
