// Round five of the dispute rules (issue 33 point 5, decision 263): each reading changed or added in that round, on
// short transcripts written for this file. The round's first goal: no approval of a call a fair operator would deny
// or leave to an admin, by general readings of the call's structure. Every case here fails on the round-four rules.
import { describe, expect, it } from 'vitest';
import { labelsInDoubt } from './transcript.ts';
import { BILLED_CALLER_ENDED, lines, ruleTester } from './rules-testing.ts';

const { decide } = ruleTester(BILLED_CALLER_ENDED);

describe('not_qualified: no means taken back by an amount the caller names, asked or not', () => {
  it('denies a caller who says they can afford nothing, then names a monthly amount they could find', () => {
    const t = lines(
      'Agent: What would fit your budget each month?',
      "Caller: Honey, I can't afford insurance, period.",
      'Agent: Not even a small one?',
      'Caller: Hmm. Fifteen a month I could find, I suppose.',
    );
    expect(decide('not_qualified', t)).toBe('deny');
  });

  it('denies a caller whose number opens a sentence followed by what they can do, not one who cannot pay even that', () => {
    const t = lines(
      'Agent: How old are you?',
      'Caller: Seventy-four.',
      "Caller: I can't afford insurance.",
      'Agent: Okay.',
      'Caller: Well. Twenty, I could manage.',
    );
    expect(decide('not_qualified', t)).toBe('deny');
    const even = lines(
      "Agent: What's your budget?",
      "Caller: I can't afford insurance, period.",
      'Agent: Not even a small one?',
      "Caller: I can't even pay ten a month.",
    );
    expect(decide('not_qualified', even)).toBe('approve');
  });
});

describe('not_qualified: ages given as alternatives or unsure', () => {
  it('leaves to an admin an age out of range said beside another in range as an alternative', () => {
    expect(decide('not_qualified', lines('Agent: How old are you?', 'Caller: Ninety-two, or maybe eighty-eight.'))).toBe('human');
    expect(decide('not_qualified', lines('Agent: Your age, sir?', 'Caller: Thirty-eight. Or could be forty-one.'))).toBe('human');
  });

  it('leaves to an admin an age out of range the caller says they are unsure of, not one with its next birthday', () => {
    expect(decide('not_qualified', lines('Agent: How old are you?', "Caller: Ninety-three, I think. I don't remember anymore."))).toBe('human');
    expect(decide('not_qualified', lines('Agent: How old are you?', 'Caller: Ninety-three. Ninety-four come spring.'))).toBe('approve');
  });
});

describe('not_qualified: money left unresolved after a price', () => {
  const quoted = [
    'Agent: How old are you?',
    'Caller: Sixty-eight.',
    'Agent: Any heart trouble, cancer, stroke?',
    'Caller: No.',
    'Agent: For eight thousand it comes to $41.20 a month.',
    "Caller: That's too much for me, my money's tight.",
  ];

  it('leaves to an admin a caller who, asked what they could pay, names no amount and accepts nothing', () => {
    const t = lines(...quoted, 'Agent: What could you manage a month?', "Caller: I'd have to look at my bills first. I'll let you go.");
    expect(decide('not_qualified', t)).toBe('human');
    // One who then names an amount, or goes along with less, is denied as before.
    expect(decide('not_qualified', lines(...quoted, 'Agent: What could you manage a month?', 'Caller: Maybe twenty.'))).toBe('deny');
    expect(decide('not_qualified', lines(...quoted, 'Agent: Would a smaller plan work, four thousand?', 'Caller: That I could do.'))).toBe('deny');
  });

  it('leaves to an admin an objection to the price that goes on to any amount at all', () => {
    const t = lines(...quoted.slice(0, 5), "Caller: Oh, I can't afford that. There's nothing left for anything, baby.");
    expect(decide('not_qualified', t)).toBe('human');
  });
});

describe("out_of_state: a home in the call's state for now only, or a city of a worked state", () => {
  const UNWORKED = { state: 'AL', workingStates: ['TN'] };

  it('leaves to an admin a caller who is in the state for now, or moving', () => {
    expect(decide('out_of_state', lines('Agent: You are in Alabama?', 'Caller: Alabama for now. My daughter wants me closer.'), UNWORKED)).toBe('human');
    expect(decide('out_of_state', lines('Agent: Where are you?', "Caller: Dothan. We're relocating after Christmas."), UNWORKED)).toBe('human');
  });

  it('leaves to an admin a caller who names a listed city of a worked state, not one who only confirms the record', () => {
    expect(decide('out_of_state', lines('Agent: Where are you?', 'Caller: Dothan. But Memphis is home, really.'), UNWORKED)).toBe('human');
    expect(decide('out_of_state', lines('Agent: You are in Alabama?', 'Caller: Yes, Dothan, all my life.'), UNWORKED)).toBe('approve');
  });
});

describe("hung_up_before_questions: words not made out up to the caller's last", () => {
  it("leaves to an admin a call whose caller's last words were not made out (talk over each other)", () => {
    const t = lines(
      'Agent: Hi, is this Ms. Rowe?',
      "Caller: Yes, who's this?",
      "Agent: Marcus with Dogwood Life, I'm going to—",
      'Caller: [crosstalk] ... [inaudible]',
    );
    expect(decide('hung_up_before_questions', t)).toBe('human');
    // In clear words before any question, the caller's leaving is approved as before.
    const clear = lines(
      'Agent: Hi, is this Ms. Rowe?',
      "Caller: Yes, who's this?",
      'Agent: Marcus with Dogwood Life.',
      "Caller: I'm not doing this today. Bye.",
    );
    expect(decide('hung_up_before_questions', clear)).toBe('approve');
  });
});

describe("labels: a line labelled as the caller asking the agent's qualifying questions", () => {
  const t = lines('Caller: Mr. Ames? How old are you, sir?', "Agent: Who's calling?", "Caller: It's about the burial plan.", 'Agent: Not today.');

  it('puts the labels in doubt, so the hang-up is not approved', () => {
    expect(labelsInDoubt(t)).not.toBeNull();
    expect(decide('hung_up_before_questions', t)).toBe('human');
    // A caller asking about the product is no doubt.
    expect(labelsInDoubt(lines('Agent: Is this Mr. Ames?', 'Caller: Yes. How old do you have to be for this?'))).toBeNull();
  });
});
