// Round three of the dispute rules (issue 33 point 5, decision 242): each structural reading added in that round, on
// short transcripts written for this file. Every approval here rests on the caller's own words and the platform's
// record; the agent's words alone never approve.
import { describe, expect, it } from 'vitest';
import { labelsInDoubt, readTranscript } from './transcript.ts';
import { BILLED_CALLER_ENDED, lines, ruleTester } from './rules-testing.ts';

const { decide } = ruleTester(BILLED_CALLER_ENDED);
/** A call made in 2026, as the platform records it. */
const IN_2026 = { calledAt: '2026-05-04T15:00:00Z' };

describe('transcriber notes', () => {
  it("reads a line all in brackets as no one's words, not as an unlabelled line", () => {
    const t = lines('Agent: Hi, is this Maxine? This is Ross with Lakeside Burial.', "Caller: I'm in the middle of supper, not now.", '[caller disconnected]');
    expect(readTranscript(t).map((l) => l.text)).toEqual(['Hi, is this Maxine? This is Ross with Lakeside Burial.', "I'm in the middle of supper, not now."]);
    expect(labelsInDoubt(t)).toBeNull();
    expect(decide('hung_up_before_questions', t)).toBe('approve');
    // A note that tells of words the transcript does not give ("[agent asks her age]") keeps a hang-up from approval.
    const told = lines('Agent: Hi, is this Maxine? This is Ross with Lakeside Burial.', '[agent asks her age]', "Caller: I don't do this on the phone, bye.");
    expect(labelsInDoubt(told)).not.toBeNull();
    expect(decide('hung_up_before_questions', told)).toBe('human');
    // A line with real words and no label still puts the labels in doubt.
    expect(labelsInDoubt(lines('Agent: Hi, this is Ross.', 'not now, goodbye'))).not.toBeNull();
  });
});

describe('hung_up_before_questions', () => {
  const left = lines('Agent: Hello, may I speak with Odell? Ross here with Lakeside Burial.', 'Caller: I got company, bye.');

  it("denies a hang-up past the window on the platform record alone, the caller's or a cut line", () => {
    expect(decide('hung_up_before_questions', left, { durationSeconds: 181, endedBy: 'caller' })).toBe('deny');
    expect(decide('hung_up_before_questions', left, { durationSeconds: 400, endedBy: 'platform' })).toBe('deny');
    expect(decide('hung_up_before_questions', left, { durationSeconds: 400, endedBy: null })).toBe('human');
    expect(decide('hung_up_before_questions', left, { durationSeconds: 150, endedBy: 'platform' })).toBe('human');
  });

  it('keeps from approval a caller who spoke after any agent question but the opening ones', () => {
    expect(decide('hung_up_before_questions', left)).toBe('approve');
    const asked = lines('Agent: Hi Odell. Who would you want this money to go to?', "Caller: Well, nobody now. I can't do this, bye.");
    expect(decide('hung_up_before_questions', asked)).toBe('human');
    const opening = lines('Agent: Good evening, Mr. Odell Banks?', "Caller: Who wants to know? I ain't buying. Bye.");
    expect(decide('hung_up_before_questions', opening)).toBe('approve');
  });

  it("denies a caller who called into silence after the agent's last words and left", () => {
    const silence = lines('Agent: Hi Odell, hold on one second for me.', '[silence]', 'Caller: Hello?', 'Caller: Is anybody there? Forget it.');
    expect(decide('hung_up_before_questions', silence)).toBe('deny');
    const once = lines('Agent: Hi Odell, this is Ross.', 'Caller: Hello?');
    expect(decide('hung_up_before_questions', once)).toBe('human');
  });
});

describe('speaker labels', () => {
  it('reads two labels plainly reversed as swapped (the one labelled caller introduces the company and asks), approving nothing on them', () => {
    const reversed = lines(
      'Caller: Hi, Mrs. Ada Kerr? This is Dale with Pinecrest Life, about the burial coverage. How are you today?',
      'Agent: Oh, I am at the bank right now.',
      'Caller: It will only take a minute.',
      'Agent: No. Not now. Bye.',
    );
    expect(readTranscript(reversed).map((l) => l.role)).toEqual(['agent', 'caller', 'agent', 'caller']);
    // Round four (decision 243): who said what is then the rules' reading, not the record's: nothing is approved on it.
    expect(decide('hung_up_before_questions', reversed)).toBe('human');
  });

  it('doubts a line labelled as the caller that introduces itself with a company, when the swap is not plain', () => {
    // The one labelled as the agent asks too: which of them is the agent is for an admin.
    const swapped = lines(
      "Caller: Is this Ms. Ida Rowe? I'm Dale with Pinecrest Life about your request.",
      "Agent: Who? I can't talk now, can you call later?",
    );
    expect(labelsInDoubt(swapped)).not.toBeNull();
    expect(decide('hung_up_before_questions', swapped)).toBe('human');
  });
});

describe('not_qualified', () => {
  it('reads ages said alone in Spanish, and an age turned next month as the age before it', () => {
    expect(decide('not_qualified', lines('Agent: ¿Cuántos años tiene usted?', 'Caller: Treinta y cinco.'))).toBe('approve');
    expect(decide('not_qualified', lines("Agent: So you're about ninety-one?", 'Caller: Ninety-two in March.'))).toBe('approve');
    // A bare number answering a birth-year question is a year, never an age (38 would be too young; 1938 is in range).
    expect(decide('not_qualified', lines('Agent: What year were you born?', 'Caller: Thirty-eight.'))).not.toBe('approve');
    // A single number said to "date of birth?" may be an age: it is not read as a year.
    expect(decide('not_qualified', lines("Agent: What's your date of birth?", 'Caller: Eighty-eight.'), IN_2026)).not.toBe('approve');
  });

  it("reads a birth year against the call's date from the platform record, with a year of slack", () => {
    const old = lines('Agent: And what year were you born?', 'Caller: Nineteen thirty-one. Still drive myself to church.');
    expect(decide('not_qualified', old, IN_2026)).toBe('approve');
    expect(decide('not_qualified', old)).not.toBe('approve'); // no call date: the year cannot be read
    expect(decide('not_qualified', lines('Agent: Date of birth?', 'Caller: Born in 1994, I was asking for my dad.'), IN_2026)).toBe('approve');
    // At a bound, hedged, or against an age the caller gives: for an admin.
    expect(decide('not_qualified', lines('Agent: What year were you born?', 'Caller: 1935.'), IN_2026)).toBe('human');
    expect(decide('not_qualified', lines('Agent: What year?', 'Caller: Born in twenty-nine I think, or thirty.'), IN_2026)).toBe('human');
    const both = lines('Agent: How old are you?', "Caller: I'm seventy-four.", 'Agent: And the year you were born?', 'Caller: Nineteen twenty-eight.');
    expect(decide('not_qualified', both, IN_2026)).toBe('human');
    // Someone else's birth year is not the caller's.
    expect(decide('not_qualified', lines('Agent: Who is the policy for?', 'Caller: My grandson was born in 1994, but it is for me.'), IN_2026)).not.toBe(
      'approve',
    );
    // The agent saying the year, the caller only agreeing: nothing to approve on.
    expect(decide('not_qualified', lines('Agent: So you were born in 1930, that makes you ninety-six?', 'Caller: Yes.'), IN_2026)).not.toBe('approve');
  });

  it('reads a caller who has cover and, in their next line, wants no more', () => {
    const t = lines(
      'Agent: What made you call in?',
      'Caller: Well, I have a policy through the union already, thirty thousand.',
      'Agent: Would a little extra help?',
      "Caller: No, that's plenty, we don't need more.",
    );
    expect(decide('not_qualified', t)).toBe('approve');
  });

  it('reads no means in other words, and after a price only "nothing at all" is no means', () => {
    expect(decide('not_qualified', lines('Agent: What could you put toward it?', "Caller: I can't pay nothing, honey, there's nothing left after rent."))).toBe(
      'approve',
    );
    const afterPrice = lines('Agent: For five thousand it comes to thirty-two dollars a month.', "Caller: I can't afford it.");
    expect(decide('not_qualified', afterPrice)).not.toBe('approve'); // an objection to that price
    const nothingAtAll = lines('Agent: For five thousand it comes to thirty-two dollars a month.', "Caller: I can't afford anything at all, not even ten.");
    expect(decide('not_qualified', nothingAtAll)).toBe('approve');
  });

  it('reads "nothing" in answer to what the caller could pay as no means, unless only for now', () => {
    expect(decide('not_qualified', lines('Agent: What could you afford a month?', "Caller: Honey, nothing. It's all gone on rent."))).toBe('approve');
    expect(decide('not_qualified', lines('Agent: Even ten dollars?', 'Caller: Not even ten.'))).toBe('approve');
    expect(decide('not_qualified', lines('Agent: What could you afford a month?', 'Caller: Nothing right now, maybe after my check.'))).toBe('human');
  });

  it('takes back "no money" answered later with an amount the caller can pay, in Spanish too', () => {
    const t = lines(
      'Agent: Para siete mil, son cuarenta dólares al mes.',
      'Caller: No, no tengo dinero para eso.',
      'Agent: ¿Cuánto podría pagar al mes?',
      'Caller: Quince, quince dólares sí puedo.',
    );
    expect(decide('not_qualified', t)).toBe('deny');
    const en = lines('Agent: It is $41 a month.', "Caller: I don't have money for that.", 'Agent: How much could you do a month?', 'Caller: Maybe eighteen.');
    expect(decide('not_qualified', en)).toBe('deny');
  });

  it("reads a court-appointed guardian or a guardian son in the caller's words", () => {
    expect(decide('not_qualified', lines('Agent: Is this Mrs. Polk?', "Caller: I'm her court-appointed guardian, she can't sign for herself."))).toBe(
      'approve',
    );
    expect(decide('not_qualified', lines('Agent: Who handles things?', "Caller: My son's my guardian now."))).toBe('approve');
  });

  it("denies on the caller's own age in range, or a long call with no question, when nothing comes near a disqualifier", () => {
    expect(
      decide('not_qualified', lines('Agent: How old are you, hon?', "Caller: I'm sixty-eight.", 'Agent: Let me check my carriers and call you back.')),
    ).toBe('deny');
    // Near a disqualifier (money), the agent claiming one, or someone else's age: for an admin.
    expect(decide('not_qualified', lines('Agent: How old are you?', "Caller: I'm sixty-eight. Money's tight though."))).toBe('human');
    expect(decide('not_qualified', lines("Agent: She said she's ninety-five.", "Caller: I'm sixty-eight."))).toBe('human');
    const chat = lines(
      'Agent: Hi Vera, Ross with Lakeside Burial, how are the grandkids?',
      'Caller: Oh, growing like weeds.',
      'Agent: Ha! So our plans are whole life, they never go up.',
      'Caller: That sounds nice.',
      'Agent: And we have a bunch of carriers.',
      'Caller: Okay, call me Friday then.',
    );
    expect(decide('not_qualified', chat, { durationSeconds: 500, bufferSeconds: 60 })).toBe('deny');
    expect(decide('not_qualified', chat, { durationSeconds: 300, bufferSeconds: 60 })).toBe('human');
  });
});

describe('wrong_number', () => {
  it('reads "No <name> here" with case, so that "no idea" or a weekday is no denial', () => {
    expect(decide('wrong_number', lines('Agent: Is this Lyle Hoover?', 'Caller: No Lyle here. Nobody here asked about insurance.'))).toBe('approve');
    expect(decide('wrong_number', lines('Agent: Can I call back Monday?', 'Caller: No, Tuesday.'))).not.toBe('approve');
    expect(decide('wrong_number', lines('Agent: Did she ask about burial coverage?', 'Caller: No idea.'))).not.toBe('approve');
  });

  it("denies when someone on the prospect's phone speaks of them as away, living there or reachable", () => {
    const away = lines(
      'Agent: May I speak with Nell Pryor?',
      "Caller: This is her son. She's at the beauty shop.",
      'Caller: Try her after three, she told me somebody would call.',
    );
    expect(decide('wrong_number', away)).toBe('deny');
    // The speaker's own line, the prospect living elsewhere, or an unsure speaker: for an admin.
    const ownLine = lines('Agent: May I speak with Nell Pryor?', "Caller: This is her son. She's at the beauty shop. This is my cell, she lives in Tulsa.");
    expect(decide('wrong_number', ownLine)).toBe('human');
  });

  it('denies when a recorded greeting names the person the agent asked for, and leaves any other machine to an admin', () => {
    const greeting = lines('Agent: Hi, calling for Wilma Crane.', "Caller: You've reached Wilma and Roy Crane, leave a message.");
    expect(decide('wrong_number', greeting)).toBe('deny');
    expect(decide('wrong_number', lines('Agent: Hi, calling for Wilma Crane.', "Caller: You've reached the offices of Baker Dental."))).toBe('human');
  });
});

describe('out_of_state', () => {
  it('leaves to an admin a caller who just moved to a worked state, or names two states', () => {
    const notWorked = { state: 'OH', workingStates: ['IN'] };
    expect(decide('out_of_state', lines('Agent: You in Ohio?', 'Caller: I just moved to Indiana, by my son.'), notWorked)).toBe('human');
    expect(
      decide('out_of_state', lines('Agent: Shows Ohio.', "Caller: I'm not in Ohio now, I'm over in Michigan."), { state: 'OH', workingStates: ['IN'] }),
    ).toBe('human');
  });

  it('denies a worked state whatever home the caller left, and reads "<city> County" as no city', () => {
    const worked = { state: 'FL', workingStates: ['FL'] };
    expect(decide('out_of_state', lines('Agent: Where do you live?', "Caller: Ocala. I'm from Ohio originally, sold the house years ago."), worked)).toBe(
      'deny',
    );
    expect(decide('out_of_state', lines('Agent: Where are you?', 'Caller: Out in Richmond County, yes.'), { state: 'GA', workingStates: ['GA'] })).toBe('deny');
  });
});
