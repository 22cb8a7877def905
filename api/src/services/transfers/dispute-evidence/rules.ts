// The rules classifier: plain rules over the transcript's phrases, its speakers' turns and the call's
// timing and data. Where the evidence does not settle a dispute, or points both ways, it answers 'human'
// and an admin decides. Each decision quotes the lines or the data it rests on.
import { QUOTER_LIMITS } from '@tm/shared/logic/quoter';
import { toUsStateCode } from '@tm/shared/us-states';
import { NUMBER_WORDS, numberFrom, quoteOf, readTranscript, type TranscriptLine } from './transcript.ts';
import type { DisputeClassifier, DisputeEvidenceInput, DisputeVerdict, EvidenceQuote } from './types.ts';

/** A call this short in which the caller answered no question is a hang-up before the questions. */
export const HANG_UP_MAX_SECONDS = 60;
/** Answers to qualifying questions that make a call a genuine conversation. */
export const GENUINE_ANSWERS = 3;
/** The product's age range (the final-expense quoter's). */
export const AGE_RANGE = { min: QUOTER_LIMITS.minAge, max: QUOTER_LIMITS.maxAge };
/** An approximate age ("about ninety") this near a bound is not a clear disqualifier. */
const AGE_FUZZ = 3;

// ---------------------------------------------------------------------------------------------
// Phrases

/** Agent questions that qualify a caller for final expense: age, health, tobacco, coverage, budget, beneficiary. */
const QUALIFYING_QUESTION =
  /\b(how old|your age|age\b|date of birth|born|over (fifty|sixty|50|60)|health|hospital|heart|cancer|copd|diabet|stroke|smok|tobacco|cigarette|oxygen|dialysis|medication|how much coverage|coverage (in place|now|right now)|any coverage|currently covered|life insurance right now|beneficiary|monthly amount|afford|funeral (runs|costs?) where)\b/i;
/** The caller said the call is not for them or that they never asked for it. */
const DENIES_ASKING =
  /\bwrong (number|person)\b|\bnobody (by that name|named)\b|\bno(body)? (one )?named that\b|\bthere'?s no \w+ here\b|\bnever (asked|requested|put my number|signed up|filled)\b|\b(didn'?t|did not) (fill|sign up|request|ask|put)\b|\bnot by me\b|\bi don'?t know who you are\b|\bthis is a business line\b/i;
/** The caller takes a denial back ("Oh yes, I did fill that out"). */
const TAKES_BACK = /\b(yes|right|oh),? (that was me|i did( fill)?)\b|\bi did fill (that|it) out\b/i;
/** The caller is unsure whether they asked, or someone else asked for them. */
const UNSURE_WHO_ASKED = /\bdon'?t remember\b|\bmust have (filled|put|signed)\b|\bwas my (husband|wife|mother|father)\b|\b(he|she) passed\b/i;

const QUOTE_GIVEN =
  /\$\s?\d[\d,]*(\.\d{2})?\s*(a|per|monthly|each)\b|\$\s?\d[\d,]*(\.\d{2})? (a|per) month|\bpremium (would be|is|comes)\b|\bbest (rate|price|i'?ve got)\b/i;
const APPLICATION = /\bapplication\b|\bmedicare (card|number)\b|\b(routing|account) number\b|\bdraft\b|\bspell your (last |first )?name\b|\bmailing address\b/i;

const AGE_STATED = new RegExp(
  `\\b(?:i'?m|i am|i'?ll be|i will be|turned|turning|age is|aged)\\s+(?:(about|around|almost|nearly|maybe|probably|close to)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent|minutes|days|months))`,
  'i',
);
const AGE_BARE = new RegExp(`^(?:(about|around|almost|nearly|maybe)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent))`, 'i');
const GIVE_OR_TAKE = /\bgive or take\b|\bor so\b|\bthereabouts\b/i;

const HAS_COVERAGE =
  /\balready (have|got)\b|\bi'?m covered\b|\bi (have|'ve got|got) (a |some |\w+ )?(policy|coverage|plan|prepaid)\b|\b(policy|coverage) (already|in place)\b|\b(i'?ve got|i have|got) .{0,60}\balready\b/i;
const NOT_LOOKING = /\bnot (looking|interested)\b|\bdon'?t need (any )?(more|anything|another)\b|\bhappy with (it|what i have|mine)\b/i;
const CANNOT_AFFORD =
  /\bcan'?t afford\b|\bcannot afford\b|\bcan'?t pay anything\b|\bcan'?t spare\b|\bdon'?t have a (dime|penny|cent)\b|\bnothing left at the end of the month\b|\bno money for\b/i;
const NOT_DECIDER =
  /\bpower of attorney\b|\b(son|daughter|brother|sister|nephew|niece|guardian|kids?|children) (handles|makes|decides|takes care of) (all|every|the)\b|\bcan'?t (sign|agree to|decide) anything\b|\bcan'?t make (the )?decisions\b|\bi'?m (just|only) (her|his|the) caregiver\b/i;
const LIVES_IN =
  /\b(?:i live in|i'?m living in|living in|i moved to|we moved to|i'?m (?:actually |now )?in|i'?m down in|i'?m up in)\s+([A-Za-z]+(?: [A-Za-z]+)?)/i;

// ---------------------------------------------------------------------------------------------
// What the transcript shows

interface Reading {
  lines: TranscriptLine[];
  callerLines: TranscriptLine[];
  /** Caller lines that answer an agent's qualifying question (the caller's first line after it). */
  answers: { question: TranscriptLine; answer: TranscriptLine }[];
  quotes: TranscriptLine[];
  application: TranscriptLine[];
}

function read(transcript: string | null): Reading {
  const lines = readTranscript(transcript);
  const answers: Reading['answers'] = [];
  for (let i = 0; i < lines.length; i++) {
    const q = lines[i]!;
    if (q.role !== 'agent' || !q.text.includes('?') || !QUALIFYING_QUESTION.test(q.text)) continue;
    const next = lines[i + 1];
    if (next && next.role === 'caller') answers.push({ question: q, answer: next });
  }
  return {
    lines,
    callerLines: lines.filter((l) => l.role === 'caller'),
    answers,
    quotes: lines.filter((l) => l.role === 'agent' && QUOTE_GIVEN.test(l.text)),
    application: lines.filter((l) => l.role === 'agent' && APPLICATION.test(l.text)),
  };
}

/** The counter-evidence of a real sales conversation: answers to qualifying questions, a quote, an application. */
function genuine(r: Reading): { strong: boolean; evidence: EvidenceQuote[] } {
  const evidence: EvidenceQuote[] = [];
  for (const a of r.answers.slice(0, 2)) evidence.push(quoteOf(a.question), quoteOf(a.answer));
  if (r.quotes[0]) evidence.push(quoteOf(r.quotes[0]));
  if (r.application[0]) evidence.push(quoteOf(r.application[0]));
  return { strong: r.answers.length >= GENUINE_ANSWERS || r.quotes.length > 0 || r.application.length > 0, evidence };
}

const data = (quote: string): EvidenceQuote => ({ quote, at: null });
const lengthLine = (s: number) => data(`Call length: ${s} seconds.`);

interface Disqualifier {
  line: TranscriptLine;
  kind: 'age' | 'covered' | 'afford' | 'decider';
  /** An approximate age near a bound: not clear. */
  unsure?: boolean;
}

function statedAge(line: TranscriptLine, previous: TranscriptLine | undefined): { age: number; approximate: boolean } | null {
  let m = AGE_STATED.exec(line.text);
  if (!m && previous?.role === 'agent' && /\b(how old|age|date of birth|born)\b/i.test(previous.text)) m = AGE_BARE.exec(line.text);
  if (!m) return null;
  const age = numberFrom(m[2]!);
  if (age === null || age < 18 || age > 120) return null;
  return { age, approximate: Boolean(m[1]) || GIVE_OR_TAKE.test(line.text) };
}

function disqualifiers(r: Reading): Disqualifier[] {
  const found: Disqualifier[] = [];
  r.lines.forEach((line, i) => {
    if (line.role !== 'caller') return;
    const age = statedAge(line, r.lines[i - 1]);
    if (age && (age.age < AGE_RANGE.min || age.age > AGE_RANGE.max)) found.push({ line, kind: 'age' });
    else if (age && age.approximate && (Math.abs(age.age - AGE_RANGE.min) <= AGE_FUZZ || Math.abs(age.age - AGE_RANGE.max) <= AGE_FUZZ)) {
      found.push({ line, kind: 'age', unsure: true });
    }
    const nextCaller = r.lines.slice(i + 1).find((l) => l.role === 'caller');
    if (
      HAS_COVERAGE.test(line.text) &&
      (NOT_LOOKING.test(line.text) || (nextCaller && NOT_LOOKING.test(nextCaller.text) && r.lines.indexOf(nextCaller) === i + 1))
    ) {
      found.push({ line, kind: 'covered' });
    }
    if (CANNOT_AFFORD.test(line.text)) found.push({ line, kind: 'afford' });
    if (NOT_DECIDER.test(line.text)) found.push({ line, kind: 'decider' });
  });
  return found;
}

const KIND_WORDS: Record<Disqualifier['kind'], string> = {
  age: `is outside the product's age range (${AGE_RANGE.min} to ${AGE_RANGE.max})`,
  covered: 'is already covered and not looking',
  afford: 'cannot afford any premium',
  decider: 'is not the decision maker',
};

// ---------------------------------------------------------------------------------------------
// The rules, one per reason

/** A state's name (not a two-letter word such as "in" or "ok") at the start of `words`. */
function stateNamed(words: string): string | null {
  const first = words.split(' ')[0]!;
  return (words.length > 2 ? toUsStateCode(words) : null) ?? (first.length > 2 ? toUsStateCode(first) : null);
}

function outOfState(input: DisputeEvidenceInput): DisputeVerdict {
  const states = input.workingStates;
  const stateLine = data(`Call state: ${input.state}. Working states at the time of the call: ${states.length ? states.join(', ') : 'every state'}.`);
  if (states.length && !states.includes(input.state)) {
    return { decision: 'approve', summary: `The call came from ${input.state}, which is not one of the agent's working states.`, evidence: [stateLine] };
  }
  // The call's state is worked; a caller who says they live elsewhere (outside the list) is for an admin.
  for (const line of readTranscript(input.transcript)) {
    if (line.role !== 'caller') continue;
    const m = LIVES_IN.exec(line.text);
    const code = m ? stateNamed(m[1]!) : null;
    if (code && code !== input.state && states.length && !states.includes(code)) {
      return { decision: 'human', summary: `The call's state is worked, but the caller says they live in ${code}.`, evidence: [stateLine, quoteOf(line)] };
    }
  }
  return {
    decision: 'deny',
    summary: states.length
      ? `The call came from ${input.state}, one of the agent's working states.`
      : 'The agent took calls from every state at the time of the call.',
    evidence: [stateLine],
  };
}

function wrongNumber(input: DisputeEvidenceInput, r: Reading): DisputeVerdict {
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [lengthLine(input.durationSeconds)] };
  const denial = r.callerLines.find((l) => DENIES_ASKING.test(l.text));
  const g = genuine(r);
  if (denial) {
    const after = r.lines.slice(r.lines.indexOf(denial) + 1);
    const takenBack = after.find((l) => l.role === 'caller' && TAKES_BACK.test(l.text));
    const laterAnswers = r.answers.filter((a) => r.lines.indexOf(a.answer) > r.lines.indexOf(denial));
    if (!takenBack && !laterAnswers.length && !g.strong) {
      return { decision: 'approve', summary: 'The caller said it was a wrong number or that they never asked for the call.', evidence: [quoteOf(denial)] };
    }
    if (takenBack && g.strong) {
      return {
        decision: 'deny',
        summary: 'The caller took back the denial and went on with the conversation.',
        evidence: [quoteOf(denial), quoteOf(takenBack), ...g.evidence],
      };
    }
    return { decision: 'human', summary: 'The caller denied asking but then went on answering questions.', evidence: [quoteOf(denial), ...g.evidence] };
  }
  // Unsure who asked, unless the caller then remembers ("Oh yes, I did fill that out").
  const unsure = r.callerLines.find(
    (l) => UNSURE_WHO_ASKED.test(l.text) && !r.lines.slice(r.lines.indexOf(l) + 1).some((m) => m.role === 'caller' && TAKES_BACK.test(m.text)),
  );
  if (g.strong && !unsure) {
    return { decision: 'deny', summary: 'The caller never denied asking and answered the qualifying questions.', evidence: g.evidence };
  }
  return {
    decision: 'human',
    summary: unsure ? 'The caller was unsure who asked for the call.' : 'The transcript neither shows a wrong number nor a genuine conversation.',
    evidence: unsure ? [quoteOf(unsure), ...g.evidence] : [lengthLine(input.durationSeconds), ...g.evidence],
  };
}

/** The caller said no more than this many lines: a greeting, a question, a refusal. */
const HANG_UP_MAX_CALLER_LINES = 3;

function hungUp(input: DisputeEvidenceInput, r: Reading): DisputeVerdict {
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [lengthLine(input.durationSeconds)] };
  const g = genuine(r);
  if (!r.answers.length) {
    const lastCaller = r.callerLines[r.callerLines.length - 1];
    const firstQuestion = r.lines.find((l) => l.role === 'agent' && l.text.includes('?') && QUALIFYING_QUESTION.test(l.text));
    // The caller's last words came before the agent's first qualifying question (or none was asked): a
    // billed call runs past its buffer on hold or dead air, so the turns decide, not the length alone.
    // A long call with no caller line at all may have lost the caller's channel: that is for an admin.
    const leftBeforeQuestions =
      lastCaller !== undefined &&
      r.callerLines.length <= HANG_UP_MAX_CALLER_LINES &&
      (!firstQuestion || r.lines.indexOf(lastCaller) < r.lines.indexOf(firstQuestion));
    if (leftBeforeQuestions || input.durationSeconds <= HANG_UP_MAX_SECONDS) {
      const last = r.lines[r.lines.length - 1]!;
      const evidence = [lengthLine(input.durationSeconds)];
      if (lastCaller) evidence.push(quoteOf(lastCaller));
      if (firstQuestion && firstQuestion !== last) evidence.push(quoteOf(firstQuestion));
      if (last !== lastCaller) evidence.push(quoteOf(last));
      return {
        decision: 'approve',
        summary: lastCaller
          ? `The caller's last words came before any qualifying question; the call lasted ${input.durationSeconds} seconds.`
          : `Only the agent spoke in ${input.durationSeconds} seconds.`,
        evidence,
      };
    }
  }
  if (g.strong)
    return {
      decision: 'deny',
      summary: 'The caller answered the qualifying questions before the call ended.',
      evidence: [lengthLine(input.durationSeconds), ...g.evidence],
    };
  return {
    decision: 'human',
    summary: r.answers.length
      ? 'The caller answered some questions before the call ended.'
      : 'The caller talked at length but answered no qualifying question.',
    evidence: [lengthLine(input.durationSeconds), ...g.evidence],
  };
}

function notQualified(input: DisputeEvidenceInput, r: Reading): DisputeVerdict {
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [lengthLine(input.durationSeconds)] };
  const found = disqualifiers(r);
  const clear = found.filter((d) => !d.unsure);
  const sold = [...r.quotes.slice(0, 1), ...r.application.slice(0, 1)];
  if (clear.length && !sold.length && !found.some((d) => d.unsure)) {
    return { decision: 'approve', summary: `The caller ${KIND_WORDS[clear[0]!.kind]}.`, evidence: clear.map((d) => quoteOf(d.line)) };
  }
  if (found.length) {
    return {
      decision: 'human',
      summary: sold.length
        ? 'The caller stated a disqualifier, yet a quote or an application followed.'
        : 'The caller may be outside the age range: the age given is approximate.',
      evidence: [...found.map((d) => quoteOf(d.line)), ...sold.map(quoteOf)],
    };
  }
  const g = genuine(r);
  if (g.strong) return { decision: 'deny', summary: 'The caller stated no disqualifier and answered the qualifying questions.', evidence: g.evidence };
  return {
    decision: 'human',
    summary: 'The transcript shows neither a disqualifier nor a full qualifying conversation.',
    evidence: [lengthLine(input.durationSeconds), ...g.evidence],
  };
}

export function classifyByRules(input: DisputeEvidenceInput): DisputeVerdict {
  switch (input.reason) {
    case 'out_of_state':
      return outOfState(input);
    case 'wrong_number':
      return wrongNumber(input, read(input.transcript));
    case 'hung_up_before_questions':
      return hungUp(input, read(input.transcript));
    case 'not_qualified':
      return notQualified(input, read(input.transcript));
    default:
      return { decision: 'human', summary: 'Disputes for other reasons are decided by an admin.', evidence: [] };
  }
}

export const rulesClassifier: DisputeClassifier = {
  name: 'rules',
  classify: async (input) => classifyByRules(input),
};
