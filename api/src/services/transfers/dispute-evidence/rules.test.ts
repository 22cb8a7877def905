// The dispute rules one by one, on short transcripts: the phrases and turns each rule reads, including the
// ones added with the second round of the corpus (issue 29 item 1).
import { describe, expect, it } from 'vitest';
import type { DisputeReasonCode } from '@tm/shared/schemas/transfers';
import { HANG_UP_WINDOW_SECONDS, RULE_READS, classifyByRules } from './rules.ts';
import { ruleTester } from './rules-testing.ts';

const { decide } = ruleTester({ durationSeconds: 40, state: 'FL', workingStates: ['FL'], endedBy: null, bufferSeconds: null, calledAt: null });
/** A call the platform says the caller ended, 100 s into a 60 s buffer (inside the 120 s window). */
const CALLER_LEFT = { endedBy: 'caller' as const, bufferSeconds: 60, durationSeconds: 100 };

/** A full qualifying conversation: three answers and a quote. */
const QUALIFYING = [
  'Agent: How old are you?',
  "Caller: I'm 70.",
  'Agent: Do you smoke?',
  'Caller: No.',
  'Agent: Any heart problems or cancer?',
  'Caller: No.',
  'Agent: For ten thousand that is $48.10 a month.',
  'Caller: Okay.',
].join('\n');

describe('wrong_number', () => {
  it.each([
    ["Caller: I don't know any Ruth. I just got this number last month."],
    ["Caller: Nope. Y'all must have dialed wrong."],
    ['Caller: Sir, this is a government office. There is nobody here by that name.'],
    ["Caller: It's not her number, it's not her house."],
    ["Caller: I haven't requested anything like that."],
    ['Caller: No inglés. Número equivocado.'],
  ])('approves when the caller says it is not their call: %s', (line) => {
    expect(decide('wrong_number', `Agent: Hi, this is Dana with Family First Life, is this Ruth?\n${line}`)).toBe('approve');
  });

  it('leaves a phone menu, an office recording or a fax to an admin, unless a person then says it is not the prospect (round three)', () => {
    expect(decide('wrong_number', 'Caller: Thank you for calling. For the pharmacy, press one.\nAgent: Hello?')).toBe('human');
    expect(decide('wrong_number', "Caller: You've reached the office of Doctor Patel.\nAgent: Hmm.")).toBe('human');
    expect(decide('wrong_number', 'Agent: Hello, is this Ruth?\nCaller: [fax tones]')).toBe('human');
    const clerk =
      'Caller: Thank you for calling. For the pharmacy, press one.\nCaller: Pharmacy, this is Jo.\nAgent: Is Ruth there?\nCaller: Nobody by that name works here.';
    expect(decide('wrong_number', clerk)).toBe('approve');
  });

  it('denies when the caller takes the denial back in the same breath and goes on', () => {
    const t = `Agent: Hi, I'm looking for Earl.\nCaller: You got the wrong number! Ha. No, I'm teasing you, this is Earl.\n${QUALIFYING}`;
    expect(decide('wrong_number', t)).toBe('deny');
  });

  it('denies a denial that only ends (or opens) a full conversation, and leaves two answers to an admin', () => {
    expect(decide('wrong_number', `${QUALIFYING}\nCaller: You know what, I never asked for this, this is the wrong number. Bye.`)).toBe('deny');
    expect(decide('wrong_number', `Caller: I didn't fill out any form.\n${QUALIFYING}`)).toBe('deny');
    const two = "Caller: I didn't fill out any form.\nAgent: How old are you?\nCaller: 70.\nAgent: Do you smoke?\nCaller: No.";
    expect(decide('wrong_number', two)).toBe('human');
  });

  it('denies when the caller, denying nothing, says they are the one who asked', () => {
    expect(decide('wrong_number', "Agent: You asked about burial insurance?\nCaller: Yes I did, but I'm at work. Call me at six.")).toBe('deny');
    expect(decide('wrong_number', 'Agent: You asked about burial insurance?\nCaller: I will tell her you called.')).toBe('human');
  });
});

describe('hung_up_before_questions', () => {
  it('does not count a refusal as an answer, but a caller who spoke after the first question did not leave before it', () => {
    const t = "Agent: Hi, can you tell me how old you are?\nCaller: Why do you need to know that? I'm not giving out my information.";
    // Round two (decision 214): the question reached the caller, who refused it and then ended the call: denied.
    expect(decide('hung_up_before_questions', t, CALLER_LEFT)).toBe('deny');
    // Without the platform saying the caller ended it, it stays with an admin; a caller who only could not hear too.
    expect(decide('hung_up_before_questions', t, { ...CALLER_LEFT, endedBy: null })).toBe('human');
    expect(decide('hung_up_before_questions', 'Agent: How old are you?\nCaller: Hello? Hello?', CALLER_LEFT)).toBe('human');
    const left = "Agent: Hi, this is Dana with Family First Life.\nCaller: I'm busy, call me some other time.\nAgent: Can you tell me how old you are?";
    expect(decide('hung_up_before_questions', left, CALLER_LEFT)).toBe('approve');
  });

  it('approves only when the platform says the caller ended the call, within 120 s past the buffer', () => {
    const left = "Agent: Hi, this is Dana with Family First Life.\nCaller: I'm busy, call me some other time.\nAgent: How old are you?";
    expect(decide('hung_up_before_questions', left, CALLER_LEFT)).toBe('approve');
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, endedBy: null })).toBe('human');
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, endedBy: 'platform' })).toBe('human');
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, endedBy: 'agent' })).toBe('deny');
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, bufferSeconds: null })).toBe('human');
    // The window is fixed: buffer + 120 s.
    expect(HANG_UP_WINDOW_SECONDS).toBe(120);
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, durationSeconds: 180 })).toBe('approve');
    // Past the window the caller's hang-up came too late to be before the questions (round three, decision 242).
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, durationSeconds: 181 })).toBe('deny');
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, durationSeconds: 181, endedBy: 'platform' })).toBe('deny');
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, durationSeconds: 181, endedBy: null })).toBe('human');
    expect(decide('hung_up_before_questions', left, { ...CALLER_LEFT, bufferSeconds: 120, durationSeconds: 240 })).toBe('approve');
  });

  it('never approves a long call on which the agent asked nothing (a 600-second call, the caller on the line)', () => {
    const t = ['Agent: Hi, this is Dana with Family First Life, how are you?', 'Caller: Fine.', 'Agent: Great weather.', 'Caller: Sure is.'].join('\n');
    for (const endedBy of ['caller', 'agent', 'platform', null] as const) {
      expect(decide('hung_up_before_questions', t, { durationSeconds: 600, bufferSeconds: 60, endedBy }), String(endedBy)).not.toBe('approve');
    }
    expect(decide('hung_up_before_questions', t, { durationSeconds: 600, bufferSeconds: 60, endedBy: 'caller' })).toBe('deny');
  });

  it('leaves to an admin a call where only the agent spoke: the transcript holds no words of the caller', () => {
    const calling = 'Agent: Hello, this is Dana.\nAgent: Hello? I can hear a TV.\nAgent: Are you there?';
    expect(decide('hung_up_before_questions', calling, CALLER_LEFT)).toBe('human');
    const asking = 'Agent: Hello, this is Dana.\nAgent: How old are you?\nAgent: And do you smoke?';
    expect(decide('hung_up_before_questions', asking, CALLER_LEFT)).toBe('human');
  });

  it('approves a call where the caller talked on and left inside the window before any question (decision 243; before, an admin)', () => {
    const t = [
      'Agent: Hi there.',
      'Caller: Hi.',
      'Agent: Nice day.',
      'Caller: It is.',
      'Agent: Yes.',
      'Caller: My dog is barking.',
      'Agent: Ha.',
      'Caller: Okay bye.',
    ].join('\n');
    expect(decide('hung_up_before_questions', t, CALLER_LEFT)).toBe('approve');
  });

  it('leaves to an admin a call where the agent quoted a price, or the caller gave an age unasked, without answers', () => {
    expect(decide('hung_up_before_questions', 'Caller: Hello.\nAgent: Ten thousand is $72.29 a month.\nCaller: Too rich for me.', CALLER_LEFT)).toBe('human');
    const age = "Agent: Hi, how's your day going?\nCaller: Slow. I'm sixty-eight and I've got the sugar.\nAgent: Let me run some numbers.";
    expect(decide('hung_up_before_questions', age, CALLER_LEFT)).toBe('human');
  });

  it('denies a long call in which the caller stayed talking about the coverage and the agent asked nothing', () => {
    const t = [
      "Agent: Hi, tell me what's going on.",
      'Caller: When my husband died I put his funeral on a credit card.',
      "Agent: I'm sorry.",
      'Caller: I want to be cremated, nothing fancy.',
      'Agent: Cremation costs less.',
      'Caller: What would something like that cost?',
      'Agent: It depends.',
      'Caller: Send me something in the mail.',
    ].join('\n');
    expect(decide('hung_up_before_questions', t, { durationSeconds: 380 })).toBe('deny');
    expect(decide('hung_up_before_questions', t, { ...CALLER_LEFT })).toBe('deny');
  });
});

describe('not_qualified', () => {
  const ask = (answer: string, before = 'Agent: How old are you?') => decide('not_qualified', `${before}\nCaller: ${answer}`);

  it("reads a relative's words about the person to be insured", () => {
    expect(ask("Mama's ninety-two.", 'Agent: How old is your mother?')).toBe('approve');
    expect(ask("Grandma is ninety-seven and she's in hospice.", 'Agent: Who is this?')).toBe('approve');
    expect(ask("He's almost ninety-one.", "Agent: It's for your husband?")).toBe('human');
  });

  it('takes "I\'ll be 91 in March" as ninety, and a corrected age as corrected', () => {
    expect(ask("I'll be ninety-one in March.")).not.toBe('approve');
    expect(ask("I'll be ninety-two in March.")).toBe('approve');
    expect(ask('Thirty-nine. No, wait, forty-nine.')).not.toBe('approve');
  });

  it('reads more ways of being covered, unable to pay, or not the decider', () => {
    expect(ask("I've got the policy through AARP. Not interested, thanks.", 'Agent: Any coverage?')).toBe('approve');
    expect(ask("I've got a paid-up policy and the funeral's prepaid. I don't need a thing.", 'Agent: Any coverage?')).toBe('approve');
    expect(ask("After rent I've got nothing. I can't do any premium.", 'Agent: What could you pay?')).toBe('approve');
    expect(ask('My daughter Jean is my guardian, she handles everything.', 'Agent: Is it your decision?')).toBe('approve');
    expect(ask("The court appointed a conservator for me. I can't sign contracts.", 'Agent: Is it your decision?')).toBe('approve');
  });

  it('takes "I can\'t afford that" after a price as an objection to it, not as no means at all', () => {
    expect(decide('not_qualified', `${QUALIFYING}\nCaller: Hmm. I can't afford that right now. Let me think.`)).toBe('deny');
    expect(decide('not_qualified', "Agent: What could you pay?\nCaller: I can't afford any premium.")).toBe('approve');
  });

  it('denies a caller who only declines: that is none of the four disqualifiers', () => {
    expect(ask("I'm not interested anymore.", 'Agent: About the coverage you asked about?')).toBe('deny');
  });
});

describe('out_of_state', () => {
  it('leaves to an admin a call from a state not worked when the caller lives in a worked one', () => {
    const t = "Agent: I see a New York number.\nCaller: That's my old cell. I've lived in Florida eight years now.";
    expect(decide('out_of_state', t, { state: 'NY', workingStates: ['FL', 'GA'] })).toBe('human');
    // Round two (decision 214): words naming another state than the call's contradict the record, for an admin too.
    expect(decide('out_of_state', 'Caller: I live in Ohio.', { state: 'NY', workingStates: ['FL', 'GA'] })).toBe('human');
    expect(decide('out_of_state', 'Caller: I live in Buffalo, New York.', { state: 'NY', workingStates: ['FL', 'GA'] })).toBe('approve');
  });

  it('leaves to an admin a worked state when the caller says home is a state not worked', () => {
    const t = "Agent: You're in Florida?\nCaller: For the winter. My home is in Michigan.";
    expect(decide('out_of_state', t, { state: 'FL', workingStates: ['FL'] })).toBe('human');
    expect(decide('out_of_state', 'Caller: I live over in Mississippi.', { state: 'AL', workingStates: ['AL'] })).toBe('human');
    expect(decide('out_of_state', "Caller: We're moving to Kentucky next month.", { state: 'TN', workingStates: ['TN'] })).toBe('deny');
  });
});

// Issue 33 point 1: an automatic credit rests only on evidence the agent cannot shape. Rule by rule, the agent's
// side alone (what the agent says, leaves unsaid, or the reason picked) never approves.
describe("the agent's side alone never trips a rule", () => {
  const agentOnly = (...lines: string[]) => lines.map((l) => `Agent: ${l}`).join('\n');

  it('each rule names the evidence it reads, none of it the agent', () => {
    for (const [reason, reads] of Object.entries(RULE_READS)) {
      for (const source of reads) expect(['caller_words', 'platform_record', 'delivery_record'], reason).toContain(source);
      const v = classifyByRules({ reason: reason as DisputeReasonCode, transcript: 'Caller: Hello.', durationSeconds: 90, state: 'FL', workingStates: ['FL'] });
      expect(v.rule).toBe(reason);
      expect(v.reads).toEqual(reads);
    }
  });

  it('wrong_number: the agent saying it was a wrong number approves nothing', () => {
    expect(decide('wrong_number', agentOnly('Hello, is this Ruth?', 'He says this is the wrong number and he never asked.', 'Wrong number, bye.'))).not.toBe(
      'approve',
    );
    expect(decide('wrong_number', `${agentOnly('Is this Ruth?', 'Oh, wrong number? Nobody named Ruth?')}\nCaller: Mm.`)).not.toBe('approve');
  });

  it("not_qualified: the agent's report of an age, a policy, no money or a guardian approves nothing", () => {
    for (const said of [
      "He told me he's ninety-five.",
      "So you're 96, you said?",
      "She said she's already covered and not looking.",
      "You can't afford any premium, right?",
      'Your son has power of attorney, he handles everything.',
    ]) {
      expect(decide('not_qualified', `${agentOnly('Hi, this is Dana with Family First Life.', said)}\nCaller: Mm-hm.`), said).not.toBe('approve');
    }
  });

  it('hung_up_before_questions: the agent not asking, or ending the call, approves nothing', () => {
    const silentAgent = 'Agent: Hi, this is Dana.\nCaller: Hi.\nAgent: Let me pull up your file.';
    expect(decide('hung_up_before_questions', silentAgent, { endedBy: 'agent', bufferSeconds: 60, durationSeconds: 100 })).not.toBe('approve');
    expect(decide('hung_up_before_questions', silentAgent, { endedBy: null, bufferSeconds: 60, durationSeconds: 100 })).not.toBe('approve');
    expect(decide('hung_up_before_questions', agentOnly('Hello?', 'Hello? Are you there?', 'They hung up before my questions.'), CALLER_LEFT)).not.toBe(
      'approve',
    );
  });

  it("out_of_state: the agent saying the caller lives elsewhere does not outweigh the call's recorded state", () => {
    expect(decide('out_of_state', agentOnly("You're in Ohio? I don't work Ohio."), { state: 'FL', workingStates: ['FL'] })).toBe('deny');
  });

  it('the reason picked does not approve a call: the same 600-second call without a question is approved under none', () => {
    const t = ['Agent: Hi, this is Dana with Family First Life, how are you?', 'Caller: Fine, fine.', 'Agent: Nice weather.', 'Caller: Sure is.'].join('\n');
    for (const reason of ['wrong_number', 'hung_up_before_questions', 'not_qualified', 'other'] as const) {
      expect(decide(reason, t, { durationSeconds: 600, bufferSeconds: 60, endedBy: 'caller' }), reason).not.toBe('approve');
    }
  });
});

// Issue 33 point 3: a refusal, denial or disqualifier that the caller contradicts later in the same call does not
// approve, whatever words it is taken back with: an amount or plan accepted, details told, an application let
// start, an age in range.
describe('taken back is not evidence', () => {
  it('a caller who turned down the quotes as unaffordable, then named a smaller premium he could pay, is not approved', () => {
    const t = [
      'Agent: For ten thousand that is $48.10 a month.',
      "Caller: No, I can't afford any premium like that, I'm broke.",
      'Agent: What about five thousand, forty-eight forty a month for the bigger one, or less for this one?',
      'Caller: Well, I could maybe do twenty dollars a month.',
    ].join('\n');
    expect(decide('not_qualified', t)).toBe('deny');
  });

  it.each([
    ['an amount', "Caller: I can't afford any premium.\nAgent: Okay.\nCaller: Actually, twenty-five dollars a month I could manage."],
    ['a plan', "Caller: I can't afford any premium.\nAgent: The small plan then?\nCaller: Let's do the small one."],
    ['details', "Caller: I'm 93 years old.\nAgent: Hmm.\nCaller: My date of birth is May 2nd, 1951."],
    ['an age in range', "Caller: I'm ninety-three.\nAgent: Really?\nCaller: Oh no, sorry. I'm 73."],
    ['a guardian who is not one', "Caller: My son has power of attorney.\nAgent: Okay.\nCaller: But I make my own decisions, let's do the ten thousand."],
  ])('a disqualifier taken back by %s is not approved', (_, t) => {
    expect(decide('not_qualified', t)).not.toBe('approve');
  });

  it('an application the caller lets start takes a disqualifier back (for an admin at least)', () => {
    const t =
      "Caller: I already have a policy and I'm not looking.\nAgent: Let's get your application started. What's your mailing address?\nCaller: Sure, 41 Pine Road.";
    expect(decide('not_qualified', t)).not.toBe('approve');
  });

  it('a wrong number taken back by details or a "that\'s me" is not approved', () => {
    expect(decide('wrong_number', "Agent: Is this Ruth?\nCaller: Wrong number.\nAgent: Ruth Ames on Elm Street?\nCaller: Oh, yes, that's me. Sorry.")).not.toBe(
      'approve',
    );
    expect(
      decide(
        'wrong_number',
        'Agent: Is this Ruth?\nCaller: I never asked for this.\nAgent: We have your address.\nCaller: My address is 12 Elm Street, right.',
      ),
    ).not.toBe('approve');
  });

  it('a disqualifier nobody takes back still approves', () => {
    expect(decide('not_qualified', "Agent: What could you pay?\nCaller: I can't afford any premium. Nothing, sorry.")).toBe('approve');
  });
});

describe('speaker labels that cannot be trusted', () => {
  it('approves nothing on words under swapped labels or without a label', () => {
    // The agent's words under the caller's label: read as the caller's, they would approve.
    const swapped = 'Agent: Hello?\nCaller: Hi, this is Dana with Family First Life, a licensed agent. You never asked for this, you said?';
    expect(decide('wrong_number', swapped)).toBe('human');
    // A line without a label would be read as the line before's speaker's words.
    const unlabelled = "Caller: Hello?\nThis is Dana. So it's a wrong number, nobody named Ruth there?";
    expect(decide('wrong_number', unlabelled)).toBe('human');
    expect(decide('wrong_number', 'Agent: Hi, is this Ruth?\nCaller: Wrong number, nobody named Ruth here.')).toBe('approve');
  });
});

// Round two of issue 33 point 5 (decision 214): rules made to generalise, on the corpus's third round.
describe('round two: how real calls vary', () => {
  it.each([
    "Agent: Hi Ruth, this is Dana with Family First Life. I just need your age to get started\nCaller: I'm not giving that out. Goodbye.",
    "Agent: Thanks for holding, Dana here with Family First Life. Okay so let me grab your date of birth\nCaller: Oh I can't do this now. Bye.",
    "Agent: hey it's Dana from Family First Life so real quick any insurance right now\nCaller: No I don't have any, I gotta go.",
  ])('hung_up_before_questions: a question asked as a statement is a question; the caller replied, then left: %s', (t) => {
    expect(decide('hung_up_before_questions', t, CALLER_LEFT)).toBe('deny');
  });

  it('hung_up_before_questions: the caller answered a question and then ended the call: denied', () => {
    const t =
      'Speaker 1: Hello, this is Dana, licensed agent. How old are you?\nSpeaker 2: Seventy-one.\nSpeaker 1: Any medications?\nSpeaker 2: I have to go.';
    expect(decide('hung_up_before_questions', t, CALLER_LEFT)).toBe('deny');
    expect(decide('hung_up_before_questions', t, { ...CALLER_LEFT, endedBy: 'platform' })).toBe('human');
  });

  it("hung_up_before_questions: someone else on the prospect's phone who hung up is for an admin", () => {
    const t = "Agent: Hi, is Ruth there? This is Dana with Family First Life.\nCaller: She's sleeping. Call back later.";
    expect(decide('hung_up_before_questions', t, CALLER_LEFT)).toBe('human');
    expect(decide('hung_up_before_questions', 'Agent: Hi, this is Dana with Family First Life.\nCaller: No no. I no want. Bye.', CALLER_LEFT)).toBe('approve');
  });

  it.each([
    ["Caller: Ain't no Ruth at this number, you got the wrong line."],
    ['Caller: Who? I not know this person. Is wrong number.'],
    ['Caller: Aquí no vive nadie con ese nombre. Está equivocado.'],
    ["Caller: Nah, you got the wrong digits. I don't know no Ruth."],
  ])('wrong_number: more ways of saying it is not their call approve: %s', (line) => {
    expect(decide('wrong_number', `Agent: Hi, this is Dana with Family First Life, is this Ruth?\n${line}`)).toBe('approve');
  });

  it('wrong_number: a relative saying the prospect is away is denied; a denial the caller hedges is for an admin', () => {
    const away = "Agent: Hi, is Ruth there? This is Dana with Family First Life.\nCaller: This is her daughter. Mama's at the doctor right now.";
    expect(decide('wrong_number', away)).toBe('deny');
    const hedged =
      "Agent: Hi, this is Dana with Family First Life.\nCaller: I didn't fill out nothing. My son might have, he worries.\nAgent: Want to hear about it?\nCaller: Well, I guess.";
    expect(decide('wrong_number', hedged)).toBe('human');
  });

  it('not_qualified: an age said in Spanish is read', () => {
    expect(decide('not_qualified', 'Agent: ¿Cuántos años tiene?\nCaller: Tengo noventa y dos años, mijo.')).toBe('approve');
    expect(decide('not_qualified', 'Agent: ¿Cuántos años tiene?\nCaller: Tengo setenta y dos años.')).not.toBe('approve');
  });

  it('not_qualified: "not looking", then wanting more and accepting a price, is taken back', () => {
    const t =
      "Agent: Any coverage now?\nCaller: I already have a policy, I'm not looking.\nAgent: How much is it?\nCaller: Five thousand. Hmm, how much would another ten be?\nAgent: About $40 a month.\nCaller: That works for me.";
    expect(decide('not_qualified', t)).toBe('deny');
  });

  it("hung_up_before_questions: a qualifying topic raised in any words before the caller's last words stops an approval", () => {
    const t = 'Agent: Hi, this is Dana with Family First Life. Okay. Date of birth.\nCaller: I really do not want to do this.';
    expect(decide('hung_up_before_questions', t, CALLER_LEFT)).toBe('human');
  });

  it('hung_up_before_questions: a first question stamped after the window, the caller kept waiting on the line, is denied', () => {
    const t = [
      '[00:02] Agent: Hi, this is Dana with Family First Life, thanks for holding.',
      '[00:06] Caller: Hello.',
      '[00:10] Agent: One second, my system is loading.',
      '[03:40] Agent: How old are you?',
      '[03:50] Caller: Hello?',
    ].join('\n');
    expect(decide('hung_up_before_questions', t, { endedBy: 'caller', bufferSeconds: 60, durationSeconds: 240 })).toBe('deny');
  });

  it('wrong_number: a denial followed by "that\'s me", by "my daughter did", or said as a question, is for an admin', () => {
    const intro = 'Agent: Hi, this is Dana with Family First Life, is this Ruth?\n';
    expect(decide('wrong_number', `${intro}Caller: Wrong number.\nAgent: About burial coverage?\nCaller: Oh, that's me.`)).not.toBe('approve');
    expect(decide('wrong_number', `${intro}Caller: I never asked for that, my daughter did.`)).toBe('human');
    expect(decide('wrong_number', `${intro}Caller: Wrong number? Who is this?`)).toBe('human');
  });

  it('not_qualified: two ages, or "can\'t afford it" with nothing about paying nothing, are for an admin', () => {
    expect(decide('not_qualified', "Agent: How old are you?\nCaller: I'm seventy. My husband is ninety-four.")).toBe('human');
    expect(decide('not_qualified', "Agent: How old are you?\nCaller: Seventy.\nAgent: And him?\nCaller: He's ninety-four.")).toBe('human');
    expect(decide('not_qualified', "Agent: Hi, this is Dana with Family First Life.\nCaller: I can't afford it.")).toBe('human');
    expect(decide('not_qualified', "Agent: Hi, this is Dana with Family First Life.\nCaller: I can't afford it, not even ten dollars.")).toBe('approve');
    expect(decide('not_qualified', 'Agent: ¿Cuánto puede pagar?\nCaller: No puedo pagar nada, no tengo dinero.')).toBe('approve');
    expect(decide('not_qualified', 'Agent: Hi, this is Dana with Family First Life.\nCaller: Ninety-three years old, honey.')).toBe('approve');
  });

  it('the second batch: a caller who did not understand the question, a reassigned number, a paid plan said in Spanish', () => {
    expect(
      decide(
        'hung_up_before_questions',
        'Agent: Hello, this is Dana with Family First Life. How old are you?\nCaller: No entiendo. No hablo inglés. Adiós.',
        CALLER_LEFT,
      ),
    ).toBe('human');
    expect(decide('wrong_number', 'Agent: Hi, is this Ruth?\nCaller: This used to be her number, I think. She moved. I just got it.')).toBe('approve');
    expect(decide('wrong_number', 'Agent: Hello, I look for Ruth.\nCaller: No Ruth. Nobody this name here. I never ask insurance.')).toBe('approve');
    expect(decide('not_qualified', 'Agent: ¿Tiene algún seguro ahora?\nCaller: Sí, ya tengo un plan funerario pagado. No necesito nada más.')).toBe('approve');
  });

  it('more qualifying topics count as questions; more ways of finding an amount take a refusal back', () => {
    for (const q of [
      'What are you looking to spend each month?',
      'Any pre-existing conditions?',
      'Who would you leave the money to?',
      'What bank do you use?',
    ]) {
      expect(decide('hung_up_before_questions', `Agent: Hi, this is Dana with Family First Life. ${q}\nCaller: No thanks, bye.`, CALLER_LEFT), q).toBe('deny');
    }
    expect(
      decide(
        'hung_up_before_questions',
        "Agent: Hi, this is Dana with Family First Life, I won't take much of your time.\nCaller: No thanks, bye.",
        CALLER_LEFT,
      ),
    ).toBe('approve');
    expect(decide('not_qualified', "Caller: I can't afford any premium.\nAgent: Not even a little?\nCaller: Well, I could find fifteen dollars.")).not.toBe(
      'approve',
    );
    // Teens are amounts, never the first half of a birth year read as an age.
    expect(decide('not_qualified', 'Agent: What year were you born?\nCaller: Nineteen thirty-six.')).toBe('human');
  });

  it('the third batch: coverage asked as "anything now", a denial followed by "what is this about", not looking "to replace", paperwork asked for, money short only for now', () => {
    expect(
      decide(
        'hung_up_before_questions',
        'Mike: Hi Ruth, Mike here with Family First\nRuth: who is this\nMike: Do you have anything now\nRuth: no, I gotta go',
        CALLER_LEFT,
      ),
    ).toBe('deny');
    expect(decide('wrong_number', 'Agent: Hi, is this Ruth?\nCaller: No. Wrong number. Well... what is this about?')).toBe('human');
    expect(
      decide('not_qualified', "Agent: Do you have coverage?\nCaller: I have a policy but I'm not looking to replace it, just add a little on top."),
    ).not.toBe('approve');
    expect(
      decide(
        'not_qualified',
        "Agent: Any coverage?\nCaller: I have a policy and I'm not interested in another.\nAgent: Ten thousand?\nCaller: Okay, send me the paperwork.",
      ),
    ).toBe('deny');
    expect(decide('not_qualified', "Agent: What's your budget?\nCaller: I can't afford anything right now, maybe next month.")).toBe('human');
    expect(decide('not_qualified', "Agent: What's your budget?\nCaller: I can't afford anything right now, not even ten dollars.")).toBe('approve');
  });

  it('the fourth batch: an age checked from the form is a question; a decider taken back in the same breath is not approved', () => {
    const t =
      'Agent: thanks for holding this is Dana with Family First Life\nCaller: Okay\nAgent: so I see you are seventy-two is that right\nCaller: yes, oh, bye';
    expect(decide('hung_up_before_questions', t, CALLER_LEFT)).not.toBe('approve');
    expect(decide('not_qualified', 'Agent: Who decides?\nCaller: My son has power of attorney but I still make my own decisions about this.')).not.toBe(
      'approve',
    );
  });

  it('out_of_state: words about where the caller lives are read against the record', () => {
    const notWorked = { state: 'MS', workingStates: ['AL', 'GA'] };
    expect(decide('out_of_state', null, notWorked)).toBe('human');
    expect(decide('out_of_state', "Caller: I live in Birmingham, I'm just visiting my sister.", notWorked)).toBe('human');
    expect(decide('out_of_state', 'Caller: I live in Boone County, right across the river.', notWorked)).toBe('human');
    expect(decide('out_of_state', "Caller: I'm down here in Houston.", { state: 'TX', workingStates: ['FL'] })).toBe('approve');
    expect(decide('out_of_state', 'Agent: Hi.\nCaller: Hello.', notWorked)).toBe('approve');
    const worked = { state: 'TN', workingStates: ['TN'] };
    expect(decide('out_of_state', "Caller: I'm at the care home in Pine Bluff now, my daughter kept my phone.", worked)).toBe('human');
    expect(decide('out_of_state', 'Caller: Mail it to my daughter, that is where I get my mail now.', worked)).toBe('human');
    expect(decide('out_of_state', "Caller: I'm in Memphis, near the airport.", worked)).toBe('deny');
  });

  it("speaker labels: a speaker introducing itself by another speaker's name, or no speaker reading as the agent, approves nothing", () => {
    const swappedNames = "Carl: Yeah hello?\nPeggy: Hi, this is Carl, I'm with Family First Life.\nCarl: Oh no, I don't want this, I'm going.";
    expect(decide('hung_up_before_questions', swappedNames, CALLER_LEFT)).toBe('human');
    const noAgent = 'Dana: Good afternoon.\nBernice: Wrong number, there is nobody here by that name.';
    expect(decide('wrong_number', noAgent)).toBe('human');
  });
});
