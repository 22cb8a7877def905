// The dispute rules one by one, on short transcripts: the phrases and turns each rule reads, including the
// ones added with the second round of the corpus (issue 29 item 1).
import { describe, expect, it } from 'vitest';
import type { DisputeReasonCode } from '@tm/shared/schemas/transfers';
import { classifyByRules } from './rules.ts';

const decide = (reason: DisputeReasonCode, transcript: string, { durationSeconds = 40, state = 'FL', workingStates = ['FL'] } = {}) =>
  classifyByRules({ reason, transcript, durationSeconds, state, workingStates }).decision;

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

  it('approves a phone menu, an office recording or a fax that answered', () => {
    expect(decide('wrong_number', 'Caller: Thank you for calling. For the pharmacy, press one.\nAgent: Hello?')).toBe('approve');
    expect(decide('wrong_number', "Caller: You've reached the office of Doctor Patel.\nAgent: Hmm.")).toBe('approve');
    expect(decide('wrong_number', 'Agent: Hello, is this Ruth?\nCaller: [fax tones]')).toBe('approve');
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
  it('does not count a refusal as an answer', () => {
    const t = "Agent: Hi, can you tell me how old you are?\nCaller: Why do you need to know that? I'm not giving out my information.";
    expect(decide('hung_up_before_questions', t, { durationSeconds: 26 })).toBe('approve');
  });

  it('approves a long call where the agent only called out into the silence, and leaves one with questions asked into it', () => {
    const calling = 'Agent: Hello, this is Dana.\nAgent: Hello? I can hear a TV.\nAgent: Are you there?';
    expect(decide('hung_up_before_questions', calling, { durationSeconds: 120 })).toBe('approve');
    const asking = 'Agent: Hello, this is Dana.\nAgent: How old are you?\nAgent: And do you smoke?';
    expect(decide('hung_up_before_questions', asking, { durationSeconds: 120 })).toBe('human');
    expect(decide('hung_up_before_questions', 'Agent: Hello? Caller: Yes, I would like a quote.', { durationSeconds: 300 })).toBe('human');
  });

  it('leaves to an admin a call where the agent quoted a price, or the caller gave an age unasked, without answers', () => {
    expect(decide('hung_up_before_questions', 'Caller: Hello.\nAgent: Ten thousand is $72.29 a month.\nCaller: Too rich for me.')).toBe('human');
    const age = "Agent: Hi, how's your day going?\nCaller: Slow. I'm sixty-eight and I've got the sugar.\nAgent: Let me run some numbers.";
    expect(decide('hung_up_before_questions', age, { durationSeconds: 87 })).toBe('human');
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
    expect(decide('out_of_state', 'Caller: I live in Ohio.', { state: 'NY', workingStates: ['FL', 'GA'] })).toBe('approve');
  });

  it('leaves to an admin a worked state when the caller says home is a state not worked', () => {
    const t = "Agent: You're in Florida?\nCaller: For the winter. My home is in Michigan.";
    expect(decide('out_of_state', t, { state: 'FL', workingStates: ['FL'] })).toBe('human');
    expect(decide('out_of_state', 'Caller: I live over in Mississippi.', { state: 'AL', workingStates: ['AL'] })).toBe('human');
    expect(decide('out_of_state', "Caller: We're moving to Kentucky next month.", { state: 'TN', workingStates: ['TN'] })).toBe('deny');
  });
});
