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

describe('not_qualified: an age the caller gives is read with what else they say of it', () => {
  it('leaves to an admin an age out of range said beside another in range, not beside a likeness', () => {
    expect(decide('not_qualified', lines('Agent: How old are you?', "Caller: I'm ninety-four. Well, my license says eighty-four."))).toBe('human');
    expect(decide('not_qualified', lines('Agent: How old are you?', "Caller: I'm a hundred and five! Ha, no, I'm seventy-two."))).toBe('human');
    expect(decide('not_qualified', lines('Agent: How old are you?', "Caller: I'm ninety-four, but I feel sixty."))).toBe('approve');
  });

  it('denies an age said back by the agent and corrected by the caller', () => {
    const t = lines('Agent: How old are you?', 'Caller: Ninety-two.', 'Agent: Oh, ninety-two?', 'Caller: No, no, seventy-two.');
    expect(decide('not_qualified', t)).toBe('deny');
  });

  it('reads no age in a number the caller asks back', () => {
    expect(decide('not_qualified', lines('Agent: How old are you?', 'Caller: Ninety-one? Is that what you said, honey?'))).toBe('human');
  });

  it("leaves to an admin a disqualifier after which the caller's words were not made out", () => {
    const t = lines('Agent: How old are you?', "Caller: I'm ninety-four.", 'Agent: Ninety-four, okay.', 'Caller: Well, [inaudible] my birthday.');
    expect(decide('not_qualified', t)).toBe('human');
  });

  it('reads "your birth year?" as asking for a year, and a birthday just past as no year', () => {
    expect(
      decide('not_qualified', lines("Agent: What's your birth year?", 'Caller: Nineteen-fifty.', 'Agent: Any tobacco?', 'Caller: No.'), {
        calledAt: '2026-11-01T12:00:00Z',
      }),
    ).toBe('deny');
    expect(decide('not_qualified', lines('Agent: How old are you?', 'Caller: Eighty-eight, had my birthday last week.'))).toBe('deny');
  });

  it('denies on an age in range under labels read as plainly swapped', () => {
    const t = lines(
      'Caller: Hi, is this Mrs. Kell? This is Ron with Prairie Life.',
      "Agent: It is. I'm seventy-nine, before you ask.",
      'Caller: And tobacco?',
      'Agent: No.',
    );
    expect(decide('not_qualified', t)).toBe('deny');
  });
});

describe('not_qualified: cover, means or the decider hedged, or taken back', () => {
  it('leaves to an admin a disqualifier the caller says with a doubt', () => {
    expect(decide('not_qualified', lines('Agent: Any coverage now?', "Caller: I think I have a policy somewhere. I don't need more."))).toBe('human');
    expect(decide('not_qualified', lines('Agent: What could you pay?', "Caller: I probably can't afford anything."))).toBe('human');
  });

  it('leaves to an admin "not looking" followed by the price of more, or cover that lapsed', () => {
    const priced = lines(
      'Agent: Any coverage?',
      "Caller: I've got a policy through the church. I don't need more.",
      'Agent: How much is it?',
      'Caller: Two thousand. What would ten thousand cost me?',
    );
    expect(decide('not_qualified', priced)).toBe('human');
    const lapsed = lines(
      'Agent: Any coverage?',
      'Caller: I already have a policy, not looking for more.',
      'Agent: When was it written?',
      'Caller: Well, it lapsed last year.',
    );
    expect(decide('not_qualified', lapsed)).toBe('human');
  });

  it('leaves to an admin a power of attorney after which the caller may sign', () => {
    const t = lines(
      'Agent: Who handles your affairs?',
      'Caller: My son has power of attorney.',
      'Agent: Can we get him on?',
      'Caller: He says go ahead, I can sign for this.',
    );
    expect(decide('not_qualified', t)).toBe('human');
  });

  it('leaves to an admin a refusal beside words about cover the rules did not read', () => {
    expect(decide('not_qualified', lines('Agent: Any coverage now?', "Caller: I might have one through my old job. Anyway, I'm not interested."))).toBe(
      'human',
    );
  });
});

describe('out_of_state: a stay in the recorded state, or a phone number from it', () => {
  const UNWORKED = { state: 'GA', workingStates: ['AL'] };

  it('leaves to an admin a stay for a season or a visit, a house elsewhere, or a number from the state', () => {
    expect(decide('out_of_state', lines('Agent: What state?', "Caller: Georgia. I'm down here with my daughter till spring."), UNWORKED)).toBe('human');
    expect(decide('out_of_state', lines('Agent: What state?', "Caller: Georgia. But my house is in Dothan, I'm just here helping."), UNWORKED)).toBe('human');
    expect(decide('out_of_state', lines('Agent: Where are you calling from?', "Caller: The phone number's from Georgia, I got it years ago."), UNWORKED)).toBe(
      'human',
    );
    expect(decide('out_of_state', lines('Agent: Where are you?', "Caller: In Georgia, I'm at my daughter's until my hip heals."), UNWORKED)).toBe('human');
  });
});

describe('hung_up_before_questions: a note telling of words the transcript lost', () => {
  it("leaves to an admin an agent line whose audio dropped before the caller's last words", () => {
    const t = lines('Agent: Hi, is this Mr. Dale?', 'Caller: Yes.', 'Agent: [agent speaks but audio drops]', "Caller: Hello? I can't hear you. Bye.");
    expect(decide('hung_up_before_questions', t, { durationSeconds: 100 })).toBe('human');
  });
});

describe('wrong_number: who the caller says they are, and what they say of the request', () => {
  it('leaves to an admin a denial after which the caller names a relative who asked, or asks if it is the insurance', () => {
    const t = lines(
      'Agent: Is this Dorothy?',
      "Caller: Wrong number, there's no Dorothy here.",
      'Agent: Sorry.',
      'Caller: Wait, is this the insurance? My wife Dorothy did fill something out.',
    );
    expect(decide('wrong_number', t)).toBe('human');
  });

  it('denies a caller who is the person asked for and owns the request', () => {
    const t = lines(
      'Agent: Hi, is this Frances?',
      'Caller: Yes, speaking.',
      'Agent: Calling about the funeral coverage.',
      "Caller: Oh good, I've been waiting for your call.",
    );
    expect(decide('wrong_number', t)).toBe('deny');
  });

  it('denies a relative who says the prospect lives with them', () => {
    const t = lines('Agent: Is this Mavis?', "Caller: I'm her sister, Mavis lives with me.", 'Agent: Can she call me back?', "Caller: I'll tell her.");
    expect(decide('wrong_number', t)).toBe('deny');
  });

  it('approves a caller whose number was the prospect\'s before, and reads "is this Mr. ...?" as the agent between unlabelled speakers', () => {
    const before = lines(
      'Agent: Looking for Mr. Harlan Voss.',
      "Caller: That's who had this number before. I've had it since 2019.",
      'Agent: So you did not ask?',
      'Caller: Not me, no.',
    );
    expect(decide('wrong_number', before)).toBe('approve');
    const unlabelled = lines(
      'Speaker 2: Hello?',
      'Speaker 1: Hi, this is Tasha, is this Mr. Otis Green?',
      "Speaker 2: No ma'am, I'm Jamal. We ain't request no insurance.",
      'Speaker 1: Okay, sorry.',
    );
    expect(decide('wrong_number', unlabelled)).toBe('approve');
  });
});

describe('taken back or unheard: an amount weighed, a name owned, a denial not made out', () => {
  it("leaves to an admin an amount the caller names to the agent's smaller offer while still weighing it", () => {
    const t = lines(
      'Agent: What can you afford a month?',
      "Caller: I can't afford anything at all.",
      'Agent: Not even ten dollars?',
      'Caller: Well, ten dollars... let me think about it.',
    );
    expect(decide('not_qualified', t)).toBe('human');
  });

  it('leaves to an admin a wrong number after which the caller owns the name, or whose words were not made out', () => {
    const owned = lines(
      'Agent: Is this Bob Lyle?',
      'Caller: Wrong number.',
      'Agent: I have it from your form, Mr. Lyle.',
      "Caller: Lyle's my last name, but I didn't fill out any form.",
    );
    expect(decide('wrong_number', owned)).toBe('human');
    expect(decide('wrong_number', lines('Agent: Is this Bob Lyle?', 'Caller: [inaudible] wrong number.'))).toBe('human');
  });
});

describe('the next birthday after a stated age, doubts about cover, a few months more, a name owned', () => {
  it('reads "I\'m ninety-one in March" and "ninety-one next month" as ninety today (the guide\'s example)', () => {
    expect(decide('not_qualified', lines('Agent: How old are you?', "Caller: I'm ninety-one in March."))).toBe('deny');
    expect(decide('not_qualified', lines('Agent: How old are you?', 'Caller: Ninety-one next month, Lord willing.'))).toBe('deny');
    expect(decide('not_qualified', lines('Agent: How old are you?', 'Caller: I turn ninety-one this coming March.'))).toBe('deny');
  });

  it('leaves to an admin cover the caller is then unsure of', () => {
    const t = lines(
      'Agent: Any coverage?',
      "Caller: Got a policy through my pension. Don't need more.",
      'Agent: Does it pay for burial?',
      "Caller: Honestly I don't know what it covers.",
    );
    expect(decide('not_qualified', t)).toBe('human');
  });

  it('leaves to an admin a caller in the recorded state for a few months yet, or elsewhere half the week', () => {
    expect(decide('out_of_state', lines("Agent: You're in Alabama?", 'Caller: Mm-hm. For a few months yet.'), { state: 'AL', workingStates: ['GA'] })).toBe(
      'human',
    );
    const t = lines(
      'Agent: I show you in Texas.',
      "Caller: That's right, El Paso.",
      'Agent: I only write New Mexico.',
      "Caller: Well, I'm over in Las Cruces half the week.",
    );
    expect(decide('out_of_state', t, { state: 'TX', workingStates: ['NM'] })).toBe('human');
  });

  it('leaves to an admin a wrong number said by a caller who owns the name asked for', () => {
    expect(decide('wrong_number', lines('Agent: Is this Margaret Hale?', 'Caller: Nobody calls me Margaret. Wrong number.'))).toBe('human');
  });
});
