// What the caller says, read over the order of the call's lines (issue 33): the qualifying questions and the
// answers to them, quotes and applications, and the caller's statements that take back an earlier one. Shared by
// the rules of every reason (rules.ts).
import { NUMBER_WORDS, quoteOf, readTranscript, type TranscriptLine } from './transcript.ts';
import type { DisputeVerdict, EvidenceQuote } from './types.ts';

/** Answers to qualifying questions that make a call a genuine conversation. */
export const GENUINE_ANSWERS = 3;

/** Agent questions that qualify a caller for final expense: age, health, tobacco, coverage, budget, beneficiary. */
export const QUALIFYING_QUESTION =
  /\b(how old|your age|age\b|date of birth|birth ?date|birthday|dob|born|over (fifty|sixty|50|60)|health|hospital|heart|cancer|copd|diabet\w*|stroke|smok\w*|tobacco|cigarettes?|oxygen|dialysis|medications?|meds|how much coverage|coverage (in place|now|right now)|any coverage|currently covered|(any|have|got) (\w+ )?(life |burial )?(insurance|policy|policies)|insurance (right )?now|beneficiary|monthly amount|budget|(keep it )?under monthly|afford|funeral (runs|costs?) where|cu[áa]ntos años|edad|fuma|medicinas?|medicamentos?|medicine|(pre-?existing|medical) conditions?|kidney|lung|blood pressure|dementia|alzheimer'?s|how tall|weigh|height|(want|looking|able|willing) to spend|spend (a|per|each) month|price range|(looking|want|able|willing) to pay|(could|can|would) you pay|coverage amount|how much (coverage|insurance|money|a month|monthly|per month)|(have|got) anything (now|already|in place|right now)|anything in place|you('re| are) (about |around )?(\d{2}|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)|leave (it|the money|the benefit) to|bank|checking account|social security number)\b/i;

/**
 * How an agent asks, with or without a question mark: a transcript may drop it, or the agent may ask as a statement
 * ("I just need your age", "let me grab your date of birth", "any insurance right now").
 */
export const ASKS =
  /\?|\b(i (just |also )?need|i'?ll need|let me (get|grab|have|ask|start)|can i (get|have|ask)|could i (get|have)|tell me|give me|what'?s|what|how|who|which|do you|are you|have you|you (a|got|have)|any)\b/i;

/** An agent line that asks a qualifying question, in whatever form. */
/** A company's name after "with" or "from" ("Heart of Dixie Life", "Lifeline Health"): no question of the caller's. */
export const COMPANY = /\b(with|from|at) (?:[A-Z][\w'&-]*(?:\s+(?:of|the|and|&)\s+|\s+|(?=[.,?!]|$)))+/g;
export const asksQualifying = (l: TranscriptLine) => l.role === 'agent' && QUALIFYING_QUESTION.test(l.text.replace(COMPANY, '$1 ')) && ASKS.test(l.text);

/** The caller takes a denial back ("Oh yes, I did fill that out", "I'm teasing you, this is Earl"). */
export const TAKES_BACK =
  /\b(yes|yeah|right|oh|okay|ok|alright|fine|well),? (that was me|i did( fill| ask)?|it'?s me|that'?s me)\b|\bi did fill (that|it) out\b|\bi did ask\b|\bi'?m (teasing|kidding|joking)\b|\bi thought you said\b|\byes,? this is \w+|\bs[íi],? soy yo\b/i;
export const QUOTE_GIVEN =
  /\$\s?\d[\d,]*(\.\d{2})?\s*(a|per|monthly|each)\b|\$\s?\d[\d,]*(\.\d{2})? (a|per) month|\bpremium (would be|is|comes)\b|\bbest (rate|price|i'?ve got)\b/i;

/** A premium said in words ("forty-eight forty a month", "thirty-one dollars a month"), not asked as a budget. */
export const QUOTE_IN_WORDS = new RegExp(
  `\\b${NUMBER_WORDS}(?:[-\\s]${NUMBER_WORDS})?(?:\\s+dollars)?(?:\\s+and\\s+${NUMBER_WORDS}\\s+cents)?\\s+(?:(?:a|per)\\s+month|monthly)\\b`,
  'i',
);

/** A premium in Spanish ("treinta y un dólares al mes", "$25 por mes"). */
export const QUOTE_SPANISH = /\b(?:\d+|[a-záéíóúñ]+(?: y [a-záéíóúñ]+)?) d[óo]lares (?:al|por|cada) mes\b|\$\s?\d[\d,]*(?:\.\d{2})? (?:al|por) mes\b/i;

/**
 * A premium against a coverage amount, in words or digits, without "a month" ("five thousand for twenty-four eighty",
 * "Seventy-eight twenty for seventy-five hundred", "eight thousand at fifty-six forty").
 */
export const QUOTE_FOR_COVER = new RegExp(
  `\\b(?:thousand|hundred|grand|\\d{1,3},\\d{3}|\\d+k)\\s+(?:at|for|is|runs?)\\s+(?:\\$\\s?\\d|${NUMBER_WORDS}[-\\s]${NUMBER_WORDS}\\b)|\\b${NUMBER_WORDS}[-\\s]${NUMBER_WORDS}\\s+(?:for|gets you|buys)\\s+(?:the\\s+)?(?:${NUMBER_WORDS}(?:\\s+(?:thousand|hundred))?|\\d{1,3},\\d{3}|\\d+k)\\b`,
  'i',
);
export const quoted = (text: string) =>
  QUOTE_GIVEN.test(text) || ((QUOTE_IN_WORDS.test(text) || QUOTE_SPANISH.test(text) || QUOTE_FOR_COVER.test(text)) && !/\?/.test(text));

/**
 * The agent asks what the caller could pay ("How much could you do a month?", "¿Cuánto podría pagar?"): a caller
 * who answers it with an amount names one they can pay.
 */
export const BUDGET_QUESTION =
  /\bhow much (could|can|would|are) you\b[^?]*\b(pay|afford|do|spend|manage|comfortable)\b|\bwhat (could|can|would) you (pay|afford|do|spend|manage)\b|\bwhat (amount|price|budget)\b[^?]*\b(comfortable|afford|work)\b|\bcu[áa]nto (puede|podr[íi]a|quiere) (pagar|gastar)\b/i;

/** An amount in a reply: digits, a number in words (English or Spanish), dollars. */
const AMOUNT_SAID = new RegExp(`\\$\\s?\\d|\\b\\d{1,3}\\b|\\b${NUMBER_WORDS}\\b|\\b(veinte|treinta|cuarenta|cincuenta|diez|quince)\\b`, 'i');

/** A reply that names no amount after all: nothing, zero, not a dime. */
const NO_AMOUNT = /\b(nothing|zero|nada|not a (dime|penny|cent)|can'?t|cannot|no puedo)\b/i;

/**
 * An amount the caller names as theirs to pay, asked or not (decision 263): a monthly amount ("maybe twenty-five a
 * month", "$30 monthly"), or a number that opens a sentence and is followed by what they can do ("Thirty I could
 * do", "Forty-five, I can manage that"). Not when the line demurs ("can't", "no", "too much") or asks.
 */
const OWN_AMOUNT = new RegExp(
  `\\b${NUMBER_WORDS}(?:[-\\s]${NUMBER_WORDS})?(?:\\s+(?:dollars|bucks))?\\s+(?:(?:a|per|each)\\s+month|monthly)\\b|\\$\\s?\\d+(?:\\.\\d{2})?\\s+(?:(?:a|per|each)\\s+month|monthly)\\b|(?:^|[.!,]\\s*)(?:well\\W+|maybe\\s+|about\\s+)*(?:\\$\\s?\\d+|${NUMBER_WORDS}(?:[-\\s]${NUMBER_WORDS})?)(?:\\s+(?:dollars|bucks))?,?\\s+(?:i|we)\\s+(?:can|could)\\s+(?:probably\\s+|maybe\\s+)?(?:do|manage|afford|pay|swing|handle)\\b`,
  'i',
);
const DEMURS_AMOUNT = /\b(not|never|too (much|high|steep)|expensive)\b|n'?t\b|\?/i;
export const ownAmount = (l: TranscriptLine) => l.role === 'caller' && OWN_AMOUNT.test(l.text) && !DEMURS_AMOUNT.test(l.text);

/** A caller's reply to the agent's budget question that names an amount they could pay. */
export const namesBudget = (l: TranscriptLine, previous: TranscriptLine | undefined) =>
  l.role === 'caller' &&
  previous?.role === 'agent' &&
  (BUDGET_QUESTION.test(previous.text) || AMOUNT_OFFERED.test(previous.text)) &&
  AMOUNT_SAID.test(l.text) &&
  !NO_AMOUNT.test(l.text);
/** The agent offering a smaller amount as a question ("Not even ten dollars?", "What about fifteen?"): decision 263. */
const AMOUNT_OFFERED = new RegExp(`\\b(even|what about|how about|could you do|can you do)\\b[^?]*(\\$\\s?\\d|\\b${NUMBER_WORDS}\\b)[^?]*\\?`, 'i');

/** The caller names an amount they could pay: answering the agent's budget question, or in their own words. */
export const namesAmount = (l: TranscriptLine, previous: TranscriptLine | undefined) => namesBudget(l, previous) || ownAmount(l);

/**
 * A caller who goes along after all (issue 33, "taken back is not evidence"): names an amount they can pay,
 * agrees to a plan, or tells their details. Read over the order of the caller's statements: said after a
 * refusal, a denial or a disqualifier, it takes it back.
 */
export const ACCEPTS = new RegExp(
  [
    `\\b(?:i|we)\\s*(?:could|can|might|would|'d)\\s+(?:maybe\\s+|probably\\s+|possibly\\s+|still\\s+)?(?:do|pay|afford|manage|swing|handle|spare|find|come up with|scrape together|put aside|set aside)\\b[^.?!]{0,30}?(?:\\$\\s?\\d|\\b\\d{1,3}\\b|\\b${NUMBER_WORDS})`,
    `(?:\\$\\s?\\d+|\\b${NUMBER_WORDS}\\s+(?:dollars|bucks))[^.?!]{0,30}\\b(?:i can|i could|would work|works for me|is fine|i can do|i can manage|i can afford|doable)\\b`,
    /\blet'?s do (it|that|the|this)\b|\bsign me up\b|\bgo ahead (with (it|that|the)|and (sign|start|do|put))\b|\bi'?ll take (it|that|the)\b|\bthat (one )?works for me\b|\bi can (do|afford|manage|handle) that\b|\bthat'?s doable\b|(?<!\bno )\bpuedo pagar\b|\bs[íi] puedo\b|\bh[áa]galo\b|\bsend me the (paperwork|papers|application|forms?)\b|\bmail me the (paperwork|papers|application|forms?)\b/
      .source,
  ].join('|'),
  'i',
);

/** The caller tells the details an application needs, or says they are the person asked for. */
export const GIVES_DETAILS =
  /\bmy (date of birth|birthday|social( security)?( number)?|address|bank|routing( number)?|account( number)?|beneficiary( would be| is)?|medicare( number)?) (is|would be|will be)\b|\bit'?s spelled\b|\b(yes|yeah|yep),? (that'?s me|this is (him|her|she|he))\b|\bspeaking\.?$/i;

/** A reply that does not go along: any no, not, never, or goodbye. */
export const DEMURS = /\b(no|not|never|nope|bye|stop)\b|n'?t\b/i;
export const APPLICATION =
  /\bapplication\b|\bmedicare (card|number)\b|\b(routing|account) number\b|\bdraft\b|\bspell your (last |first )?name\b|\bmailing address\b/i;

/** A reply that only shows the caller could not hear the question. */
export const CANNOT_HEAR =
  /^(\W*(hello|what|huh|who|pardon|sorry|come again)\W*)+$|\bcan'?t hear\b|\bbreaking up\b|\bsay (that|it) again\b|\bno entiendo\b|\bdon'?t understand\b|\bno hablo\b|\bno (english|ingl[ée]s)\b/i;

/** A relative or someone else on the prospect's phone: who they are, or the prospect away. */
export const RELATIVE_SPEAKS =
  /\bthis is (his|her|their) (daughter|son|wife|husband|sister|brother|granddaughter|grandson|niece|nephew|mother|father|caregiver|neighbor)\b|\bthat'?s my (wife|husband|mother|mom|mama|momma|father|dad|daddy|sister|brother|daughter|son|grandma|grandmother|grandpa|grandfather)\b|\bi'?m (his|her|their) (home )?(aide|caregiver|nurse|daughter|son|wife|husband|sister|brother|mother|father|granddaughter|grandson|niece|nephew|neighbor)\b|\b's my (mother|father)-in-law\b/i;
export const AWAY =
  /\b(she|he|mama|momma|mom|dad|daddy|grandma|grandpa|granny)(?:'s| is) (?:at|in the|out|napping|sleeping|asleep|resting|busy|gone to|down at|over at|taking a)\b|\b(she|he|mama|momma|mom|dad|daddy)(?:'s| is)? (?:not|ain'?t) (?:here|home|in|available|around)\b|\b(she|he|mama|momma|mom|dad|daddy)(?:'s| is) (?:sleeping|asleep|napping|at (?:the doctor|work|church|the store)|out)\b/i;

export interface Reading {
  lines: TranscriptLine[];
  callerLines: TranscriptLine[];
  /** Caller lines that answer an agent's qualifying question (the caller's first line after it). */
  answers: { question: TranscriptLine; answer: TranscriptLine }[];
  quotes: TranscriptLine[];
  application: TranscriptLine[];
}

/** A reply that refuses the question is not an answer to it. */
export const REFUSES =
  /\bwhy do you need\b|\bnot giving (out )?(my|that|any|you)\b|\bnone of your business\b|\bi don'?t give (that|it) out\b|\brather not say\b/i;

/**
 * The caller's first statement after `line` (or later in the same line, after `from`) that takes it back: they
 * accept an amount or a plan, tell their details, say it is them after all, or let an application start (they
 * answer the agent's application question without demurring). `also` adds what takes back one rule's statement
 * (an age in range, answers to the questions).
 */
export function takenBackAfter(
  r: Reading,
  line: TranscriptLine,
  from: number,
  also?: (l: TranscriptLine, previous: TranscriptLine | undefined) => boolean,
  sameLine = false,
): TranscriptLine | undefined {
  const rest = line.text.slice(from);
  if (ACCEPTS.test(rest) || GIVES_DETAILS.test(rest) || TAKES_BACK.test(rest)) return line;
  if (sameLine && also?.({ ...line, text: rest }, undefined)) return line;
  const i0 = r.lines.indexOf(line);
  for (let i = i0 + 1; i < r.lines.length; i++) {
    const l = r.lines[i]!;
    if (l.role !== 'caller') continue;
    const previous = r.lines[i - 1];
    if (ACCEPTS.test(l.text) || GIVES_DETAILS.test(l.text) || TAKES_BACK.test(l.text)) return l;
    if (previous?.role === 'agent' && APPLICATION.test(previous.text) && !DEMURS.test(l.text) && !REFUSES.test(l.text)) return l;
    if (namesAmount(l, previous)) return l;
    if (also?.(l, previous)) return l;
  }
  return undefined;
}

/** Where a pattern's match ends in a line (0 when it does not match). */
export function endOf(re: RegExp, text: string): number {
  const m = re.exec(text);
  return m ? m.index + m[0].length : 0;
}

export function read(transcript: string | null): Reading {
  const lines = readTranscript(transcript);
  const answers: Reading['answers'] = [];
  for (let i = 0; i < lines.length; i++) {
    const q = lines[i]!;
    if (!asksQualifying(q)) continue;
    const next = lines[i + 1];
    if (next && next.role === 'caller' && !REFUSES.test(next.text) && !CANNOT_HEAR.test(next.text)) answers.push({ question: q, answer: next });
  }
  return {
    lines,
    callerLines: lines.filter((l) => l.role === 'caller'),
    answers,
    quotes: lines.filter((l) => l.role === 'agent' && quoted(l.text)),
    application: lines.filter((l) => l.role === 'agent' && APPLICATION.test(l.text)),
  };
}

/** The counter-evidence of a real sales conversation: answers to qualifying questions, a quote, an application. */
export function genuine(r: Reading): { strong: boolean; evidence: EvidenceQuote[] } {
  const evidence: EvidenceQuote[] = [];
  for (const a of r.answers.slice(0, 2)) evidence.push(quoteOf(a.question), quoteOf(a.answer));
  if (r.quotes[0]) evidence.push(quoteOf(r.quotes[0]));
  if (r.application[0]) evidence.push(quoteOf(r.application[0]));
  return { strong: r.answers.length >= GENUINE_ANSWERS || r.quotes.length > 0 || r.application.length > 0, evidence };
}
export const data = (quote: string): EvidenceQuote => ({ quote, at: null });
export const lengthLine = (s: number) => data(`Call length: ${s} seconds.`);

/** An approval the speaker labels cannot support: the caller's words cannot be told from the agent's. */
export function inDoubt(doubt: string, evidence: EvidenceQuote[]): DisputeVerdict {
  return { decision: 'human', summary: `The speaker labels cannot be trusted: ${doubt}`, evidence };
}
