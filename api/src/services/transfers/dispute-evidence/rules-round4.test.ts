// Round four of the dispute rules (issue 33 point 5, decision 243): each reading changed or added in that round, on
// short transcripts written for this file. First, no approval a fair operator would leave to an admin; then the new
// denials and approvals, each on the caller's own words and the platform's record.
import { describe, expect, it } from 'vitest';
import { labelsInDoubt, readTranscript, SWAPPED } from './transcript.ts';
import { BILLED_CALLER_ENDED, lines, ruleTester } from './rules-testing.ts';

const { decide } = ruleTester(BILLED_CALLER_ENDED);
const UNWORKED = { state: 'WV', workingStates: ['VA', 'NC'] };

describe('out_of_state: an unworked state is approved only when nothing the caller says contradicts or hides it', () => {
  it('leaves it to an admin when the caller names a worked state in any words, but not a state she is not in', () => {
    expect(decide('out_of_state', lines('Agent: You are in West Virginia?', 'Caller: Yes, Beckley.'), UNWORKED)).toBe('approve');
    expect(decide('out_of_state', lines('Agent: Where do you live?', 'Caller: Danville, Virginia. The phone is from my old job.'), UNWORKED)).toBe('human');
    expect(decide('out_of_state', lines('Agent: For another week. Then I go to my son in Virginia.'), UNWORKED)).toBe('approve');
    expect(decide('out_of_state', lines('Agent: You in Virginia?', 'Caller: No, not Virginia. West Virginia, all my life.'), UNWORKED)).toBe('approve');
  });

  it('leaves it to an admin when the caller is there for part of the year, or for a few more weeks', () => {
    expect(decide('out_of_state', lines('Agent: It says West Virginia.', 'Caller: We go up to the cabin in the summer, then home.'), UNWORKED)).toBe('human');
    expect(decide('out_of_state', lines('Agent: You are in West Virginia?', 'Caller: For a few more weeks, yes.'), UNWORKED)).toBe('human');
  });

  it("keeps a caller who named the call's state placed when she then gives a place by what it is near", () => {
    const t = lines(
      "Agent: What's your address?",
      'Caller: Four-eleven Maple, Wheeling, West Virginia.',
      'Agent: I only write Virginia.',
      'Caller: It is right across the river from Steubenville!',
    );
    expect(decide('out_of_state', t, UNWORKED)).toBe('approve');
    // Without the state named, the place given by what it is near is for an admin.
    expect(decide('out_of_state', lines("Agent: What's your address?", 'Caller: Right across the river from Steubenville.'), UNWORKED)).toBe('human');
  });

  it("leaves it to an admin when the caller's words were not made out", () => {
    expect(decide('out_of_state', lines('Agent: Which state are you in?', 'Caller: [inaudible] ... by the river ...'), UNWORKED)).toBe('human');
  });

  it("reads labels read as swapped with the roles swapped: the agent's words naming his worked state contradict nothing", () => {
    const t = lines(
      'Caller: Hi, this is Rick with Blue Ridge Life. Are you in Virginia?',
      'Agent: No, in Wheeling.',
      'Caller: Then I am only licensed in Virginia.',
    );
    expect(labelsInDoubt(t)).toBe(SWAPPED);
    expect(decide('out_of_state', t, UNWORKED)).toBe('approve');
  });
});

describe('speaker labels read as swapped approve nothing', () => {
  it('reads the roles swapped, but an age past the range under the agent’s label is for an admin', () => {
    const t = lines('Caller: Hi, this is Carl with Heritage Life. How old are you?', "Agent: I'm ninety-six.", 'Caller: That is past our limit.');
    expect(readTranscript(t).map((l) => l.role)).toEqual(['agent', 'caller', 'agent']);
    expect(decide('not_qualified', t)).toBe('human');
    // The same words under the right labels are approved.
    expect(decide('not_qualified', lines('Agent: Hi, this is Carl with Heritage Life. How old are you?', "Caller: I'm ninety-six."))).toBe('approve');
  });
});

describe('wrong_number', () => {
  it('leaves a bare "wrong person" to an admin; with a name or "never asked" beside it, approves', () => {
    expect(decide('wrong_number', lines('Agent: Calling for Ada Price.', 'Caller: Wrong person.', 'Agent: Is this 555-', 'Caller: I said wrong person.'))).toBe(
      'human',
    );
    expect(decide('wrong_number', lines('Agent: Calling for Ada Price.', "Caller: Wrong person. I don't know any Ada."))).toBe('approve');
    expect(decide('wrong_number', lines('Agent: Calling for Ada Price.', 'Caller: Wrong person, this is Tom.'))).toBe('approve');
  });

  it('denies when the caller says they are the person asked for and answers a qualifying question', () => {
    expect(decide('wrong_number', lines('Agent: Is this Ada Price?', 'Caller: Speaking.', 'Agent: How old are you?', 'Caller: Seventy.'))).toBe('deny');
    expect(decide('wrong_number', lines('Agent: Is this Ada Price?', 'Caller: Speaking.'))).toBe('human');
  });

  it('reads "This is Otis." to "Is this Mr. Otis Benford?" as the person asked for, even unsure who asked, with answers', () => {
    const t = lines(
      'Agent: Is this Mr. Otis Benford?',
      'Caller: This is Otis.',
      "Caller: I don't remember asking.",
      'Agent: How old are you?',
      'Caller: Seventy-seven.',
      'Agent: Smoke?',
      'Caller: A pipe.',
    );
    expect(decide('wrong_number', t)).toBe('deny');
    expect(
      decide('wrong_number', lines('Agent: Is this Mr. Otis Benford?', 'Caller: This is Earl.', 'Agent: How old are you?', 'Caller: Seventy-seven.')),
    ).not.toBe('deny');
  });

  it('reads a Spanish denial ("se equivocó") taken back ("sí, soy yo") and then answers as denied', () => {
    const t = lines(
      'Agent: ¿Hablo con la señora Treviño?',
      'Caller: No, se equivocó.',
      'Agent: Usted llenó una forma.',
      'Caller: Ay, sí, soy yo.',
      'Agent: ¿Cuántos años tiene?',
      'Caller: Setenta y dos.',
    );
    expect(decide('wrong_number', t)).toBe('deny');
    expect(decide('wrong_number', lines('Agent: ¿Hablo con la señora Treviño?', 'Caller: No, se equivocó de número.'))).toBe('approve');
  });

  it('denies a denial taken back ("alright, it\'s me", "fine, I did") when a qualifying question is then answered', () => {
    const t = lines(
      'Agent: Is this Ada?',
      'Caller: Wrong number.',
      'Agent: It is the number on the request.',
      "Caller: Alright, it's me.",
      'Agent: How old are you?',
      'Caller: Sixty-six.',
    );
    expect(decide('wrong_number', t)).toBe('deny');
    const fine = lines(
      'Agent: Hi Walt.',
      'Caller: I never asked about insurance.',
      'Agent: We had a request.',
      'Caller: Okay, fine, I did.',
      'Agent: Your age?',
      'Caller: Eighty.',
    );
    expect(decide('wrong_number', fine)).toBe('deny');
  });

  it('approves "we don\'t have a <name>", "nobody at this office asked", "I don\'t know a <name>", "wrong guy"', () => {
    expect(
      decide('wrong_number', lines('Agent: May I speak with Gloria?', "Caller: We don't have a Gloria. Nobody at this office asked about insurance.")),
    ).toBe('approve');
    expect(decide('wrong_number', lines('Agent: Is this Cornelius?', "Caller: I don't know a Cornelius. Wrong guy."))).toBe('approve');
    // "We don't have a Colonial Penn policy" names no person.
    expect(decide('wrong_number', lines('Agent: Is this Cornelius?', "Caller: We don't have a Colonial Penn policy."))).toBe('human');
  });
});

describe('not_qualified', () => {
  it('reads a vague "can\'t afford" after a price as an objection to that price, not a disqualifier', () => {
    const t = lines('Agent: For ten thousand it is eighty-three a month.', "Caller: That's too much. I don't have money to throw around.");
    expect(decide('not_qualified', t)).toBe('deny');
    // "Nothing at all" in so many words stays a disqualifier.
    expect(decide('not_qualified', lines('Agent: For ten thousand it is eighty-three a month.', "Caller: I can't afford anything at all, not a dime."))).toBe(
      'approve',
    );
  });

  it('denies a hint the caller answers by asking the price, with an age in range', () => {
    const t = lines(
      'Agent: Anyone help you decide on money things?',
      'Caller: My husband used to. Now it is just me.',
      'Agent: How old are you?',
      'Caller: Seventy-five. What would it cost me?',
    );
    expect(decide('not_qualified', t)).toBe('deny');
    // Without the price asked, the hint is for an admin.
    expect(
      decide(
        'not_qualified',
        lines(
          'Agent: Anyone help you decide on money things?',
          'Caller: My husband used to. Now it is just me.',
          'Agent: How old are you?',
          'Caller: Seventy-five.',
        ),
      ),
    ).toBe('human');
  });

  it('reads a "pre-paid" plan as cover, so with no more wanted the caller is not qualified', () => {
    const t = lines(
      'Agent: Hi, Miss Thora?',
      "Caller: Yes. I've got a pre-paid plan at the funeral home, all paid.",
      'Agent: Some like extra.',
      "Caller: No, I don't want any more insurance.",
    );
    expect(decide('not_qualified', t)).toBe('approve');
  });

  it('reads "you\'re not too old" as no claim of a disqualifier, and an age said as a sentence of its own in the answer', () => {
    const t = lines('Agent: How old are you?', 'Caller: Too old for this! Eighty-four.', "Agent: You're not too old for this plan.");
    expect(decide('not_qualified', t)).toBe('deny');
    // The agent claiming the caller is too old keeps it from a denial.
    expect(
      decide('not_qualified', lines('Agent: How old are you?', 'Caller: Too old for this! Eighty-four.', "Agent: Well, you're too old for our plan.")),
    ).toBe('human');
  });
});

describe('hung_up_before_questions', () => {
  it('leaves words not made out after a qualifying question to an admin, inside the window or past it', () => {
    const t = lines('Agent: Hi Ozella, this is Reggie. How old are you?', 'Caller: [inaudible] ... the dog ...');
    expect(decide('hung_up_before_questions', t, { durationSeconds: 120 })).toBe('human');
    expect(decide('hung_up_before_questions', t, { durationSeconds: 200 })).toBe('human');
  });

  it("reads no qualifying question into a company's name", () => {
    const t = lines(
      'Agent: Mr. Ware? This is Monte with Heart of Dixie Life.',
      'Caller: Speaking. I am busy.',
      'Agent: These plans are designed to—',
      'Caller: I said I am busy. Bye.',
    );
    expect(decide('hung_up_before_questions', t)).toBe('approve');
  });

  it('reads a question asking to explain, or when to call back, as one that only opens the call', () => {
    expect(
      decide(
        'hung_up_before_questions',
        lines('Agent: Hi Opal, Grady with Hawkeye.', 'Caller: I pressed it by accident.', 'Agent: Can I tell you what it was about?', 'Caller: No thank you.'),
      ),
    ).toBe('approve');
    expect(
      decide(
        'hung_up_before_questions',
        lines('Agent: Hi Opal, Grady with Hawkeye.', 'Caller: Not now.', 'Agent: Would later today work better?', 'Caller: No. Bye.'),
      ),
    ).toBe('approve');
  });

  it('reads a capitalised greeting with a name alone ("Hi, Opaline?", "Hi, Miss Gladys Dunn?") as only opening the call', () => {
    expect(decide('hung_up_before_questions', lines("Agent: Hi, Opaline? It's Grady with Hawkeye.", 'Caller: I pressed that by accident. Bye.'))).toBe(
      'approve',
    );
    expect(decide('hung_up_before_questions', lines('Agent: Hi, Miss Gladys Dunn? Owen here.', 'Caller: Not today, goodbye.'))).toBe('approve');
  });

  it("leaves it to an admin when an agent's line before the caller's last words was not made out", () => {
    const t = lines(
      'Agent: Hi, Lavinia? Jordan with Lincoln Land.',
      'Caller: Mm hm.',
      'Agent: [inaudible] ... old ... [inaudible]',
      "Caller: I can't hear you. Forget it.",
    );
    expect(decide('hung_up_before_questions', t)).toBe('human');
    expect(decide('hung_up_before_questions', lines('Agent: Hi, Lavinia? Jordan with Lincoln Land.', "Caller: Mm hm. I can't talk. Forget it."))).toBe(
      'approve',
    );
  });

  it('approves a chatty caller who left inside the window before any question, on the platform saying the caller ended it', () => {
    const t = lines(
      'Agent: Hi, Miss Ovella? Bryce with Cumberland Life.',
      'Caller: Well hey there.',
      'Agent: Hot one today.',
      'Caller: Hot as blazes. The air went out Tuesday.',
      'Agent: Oh no.',
      'Caller: My nephew is pulling in now to fix it.',
      'Agent: Good news.',
      'Caller: I have to let him in. Bye now.',
    );
    expect(decide('hung_up_before_questions', t, { durationSeconds: 170 })).toBe('approve');
    expect(decide('hung_up_before_questions', t, { durationSeconds: 170, endedBy: null })).toBe('human');
  });

  it('approves a relative who says who they are and leaves; one who only says the prospect is away is for an admin', () => {
    expect(decide('hung_up_before_questions', lines('Agent: Calling for Mrs. Landry.', "Caller: This is her granddaughter. She can't talk. Bye."))).toBe(
      'approve',
    );
    expect(decide('hung_up_before_questions', lines('Agent: Calling for Mrs. Landry.', "Caller: She's sleeping. Call back later."))).toBe('human');
  });
});
