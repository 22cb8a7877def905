// The rules classifier: plain rules over the transcript's phrases, its speakers' turns and the call's
// timing and data. Where the evidence does not settle a dispute, or points both ways, it answers 'human'
// and an admin decides. Each decision quotes the lines or the data it rests on.
//
// An approval rests only on evidence the agent who gains the credit cannot shape (issue 33,
// docs/product/rules.md#evidence-no-one-can-shape): the caller's own words, the calling platform's record of the
// call (who ended it, its length, its state) and what the product recorded at delivery (working states, buffer).
// What the agent says or leaves unsaid, and the reason the agent picked, may send a dispute to an admin or
// deny it, never approve it. RULE_READS names the evidence each rule reads; rules.test.ts shows, rule by rule,
// that the agent's side alone cannot trip it.
import { QUOTER_LIMITS } from '@tm/shared/logic/quoter';
import { US_STATES, toUsStateCode } from '@tm/shared/us-states';
import { NUMBER_WORDS, labelsInDoubt, numberFrom, quoteOf, readTranscript, type TranscriptLine } from './transcript.ts';
import type { DisputeClassifier, DisputeEvidenceInput, DisputeVerdict, EvidenceQuote, EvidenceSource } from './types.ts';

/**
 * A hang-up is approved only on a call the platform says the caller ended at most this many seconds past its
 * tier's buffer (calls within the buffer are free already): a caller who left in the first two minutes of a
 * billed call. Longer calls are for an admin, or denied.
 */
export const HANG_UP_WINDOW_SECONDS = 120;
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
  /\b(how old|your age|age\b|date of birth|birth ?date|birthday|dob|born|over (fifty|sixty|50|60)|health|hospital|heart|cancer|copd|diabet\w*|stroke|smok\w*|tobacco|cigarettes?|oxygen|dialysis|medications?|meds|how much coverage|coverage (in place|now|right now)|any coverage|currently covered|(any|have|got) (\w+ )?(life |burial )?(insurance|policy|policies)|insurance (right )?now|beneficiary|monthly amount|budget|afford|funeral (runs|costs?) where|cu[áa]ntos años|edad|fuma|medicinas?|medicamentos?|medicine|(pre-?existing|medical) conditions?|kidney|lung|blood pressure|dementia|alzheimer'?s|how tall|weigh|height|(want|looking|able|willing) to spend|spend (a|per|each) month|price range|(looking|want|able|willing) to pay|(could|can|would) you pay|coverage amount|how much (coverage|insurance|money|a month|monthly|per month)|(have|got) anything (now|already|in place|right now)|anything in place|you('re| are) (about |around )?(\d{2}|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)|leave (it|the money|the benefit) to|bank|checking account|social security number)\b/i;
/**
 * How an agent asks, with or without a question mark: a transcript may drop it, or the agent may ask as a statement
 * ("I just need your age", "let me grab your date of birth", "any insurance right now").
 */
const ASKS =
  /\?|\b(i (just |also )?need|i'?ll need|let me (get|grab|have|ask|start)|can i (get|have|ask)|could i (get|have)|tell me|give me|what'?s|what|how|who|which|do you|are you|have you|you (a|got|have)|any)\b/i;
/** An agent line that asks a qualifying question, in whatever form. */
const asksQualifying = (l: TranscriptLine) => l.role === 'agent' && QUALIFYING_QUESTION.test(l.text) && ASKS.test(l.text);
/** The caller said the call is not for them or that they never asked for it. */
const DENIES_ASKING = new RegExp(
  [
    // wrong number, in English or Spanish, or dialled wrong
    /\bwrong (number|person|line|digits|house)\b|n[úu]mero equivocado|\best[áa] equivocad[oa]\b|\b(dial(l)?ed|dialing) (it )?wrong\b|\bmisdial/,
    // nobody there by the name asked for, or the caller does not know them
    /\bnobody (by that name|named|(by |with )?(this|that) name)\b|\bno(body)? (one )?named that\b|\bthere'?s no \w+ here\b|\bain'?t no(body)? \w+ (here|at this)\b|\bnadie con ese nombre\b|\bno (lo|la) conozco\b/,
    /\b(nobody|no one|anybody|anyone)\b[^.?!]{0,30}\bby (that|this) name\b/,
    /\bi (don'?t|do not|not|no) know (any|anybody|anyone|no|her|him|them|who that is|th(at|is) (person|name|lady|man))\b|\bi don'?t know who you are\b/,
    // the number is not the prospect's (any more)
    /\bnot (her|his|their|the right) (number|phone|house)\b|\b(just )?got this number\b|\bjust got (it|this (number|phone))\b|\bused to be (her|his|their) number\b|\b(old|outdated) information\b/,
    // never asked
    /\bnever (asked|ask|requested|put my number|signed up|filled)\b|\b(didn'?t|did not|haven'?t|have not|ain'?t) (fill|sign(ed)? up|request|ask|put)|\bi no ask\b|\bnobody (here )?asked for\b/,
    /\bnot by me\b|\bthis is a business line\b/,
  ]
    .map((r) => r.source)
    .join('|'),
  'i',
);
/** What answered is not a person who could be the prospect: a phone menu, an office's recording, a fax. */
const NOT_A_PERSON =
  /\bpress (one|two|1|2)\b|\byou'?ve reached the (office|offices) of\b|\boffice hours\b|\bthis is a government office\b|\bfront desk\b|\[fax\b/i;
/** The caller takes a denial back ("Oh yes, I did fill that out", "I'm teasing you, this is Earl"). */
const TAKES_BACK =
  /\b(yes|right|oh),? (that was me|i did( fill)?)\b|\bi did fill (that|it) out\b|\bi did ask\b|\bi'?m (teasing|kidding|joking)\b|\bi thought you said\b|\byes,? this is \w+/i;
/** The caller, without denying anything, says they are the one who asked. */
const CONFIRMS_ASKING = /\byes,? i did\b|\bi did ask\b|\bthat'?s me\b|\bthat was me\b|\bi'?m the one (who|that) asked\b|\bi asked about (it|that|this)\b/i;
/** The caller is unsure whether they asked, or someone else asked for them. */
const UNSURE_WHO_ASKED = /\bdon'?t remember\b|\bmust have (filled|put|signed)\b|\bwas my (husband|wife|mother|father)\b|\b(he|she) passed\b/i;
/** A denial the caller hedges: they, or someone of theirs, may have asked after all. */
const HEDGES =
  /\b(my|her|his) (son|daughter|husband|wife|kids?|grandson|granddaughter|niece|nephew) (did|signed me up|filled it|put me)\b|\bdon'?t remember\b|\bi (might|may|must|could) have\b|\bmaybe i did\b|\b(my|her|his) (son|daughter|husband|wife|kids?|grandson|granddaughter|niece|nephew) (might|may|must|could|probably) (have|did)\b|\bwas my (husband|wife|son|daughter)\b/i;
/** After denying, the caller stays to hear about it ("Well, I guess, since you're on the phone"). */
const STAYS_ON =
  /\bi guess\b|\bgo ahead\b|\btell me (about it|more)\b|\bwhat is it\b|\bwhat'?s (this|it) about\b|\bwhat is (this|it) about\b|\bi could use (that|it|some)\b|\bsince you'?re on the phone\b|\bi'?ll listen\b/i;

const QUOTE_GIVEN =
  /\$\s?\d[\d,]*(\.\d{2})?\s*(a|per|monthly|each)\b|\$\s?\d[\d,]*(\.\d{2})? (a|per) month|\bpremium (would be|is|comes)\b|\bbest (rate|price|i'?ve got)\b/i;
/** A premium said in words ("forty-eight forty a month", "thirty-one dollars a month"), not asked as a budget. */
const QUOTE_IN_WORDS = new RegExp(
  `\\b${NUMBER_WORDS}(?:[-\\s]${NUMBER_WORDS})?(?:\\s+dollars)?(?:\\s+and\\s+${NUMBER_WORDS}\\s+cents)?\\s+(?:(?:a|per)\\s+month|monthly)\\b`,
  'i',
);
const quoted = (text: string) => QUOTE_GIVEN.test(text) || (QUOTE_IN_WORDS.test(text) && !text.includes('?'));
/**
 * A caller who goes along after all (issue 33, "taken back is not evidence"): names an amount they can pay,
 * agrees to a plan, or tells their details. Read over the order of the caller's statements: said after a
 * refusal, a denial or a disqualifier, it takes it back.
 */
const ACCEPTS = new RegExp(
  [
    `\\b(?:i|we)\\s*(?:could|can|might|would|'d)\\s+(?:maybe\\s+|probably\\s+|possibly\\s+|still\\s+)?(?:do|pay|afford|manage|swing|handle|spare|find|come up with|scrape together|put aside|set aside)\\b[^.?!]{0,30}?(?:\\$\\s?\\d|\\b\\d{1,3}\\b|\\b${NUMBER_WORDS})`,
    `(?:\\$\\s?\\d+|\\b${NUMBER_WORDS}\\s+(?:dollars|bucks))[^.?!]{0,30}\\b(?:i can|i could|would work|works for me|is fine|i can do|i can manage|i can afford|doable)\\b`,
    /\blet'?s do (it|that|the|this)\b|\bsign me up\b|\bgo ahead (with (it|that|the)|and (sign|start|do|put))\b|\bi'?ll take (it|that|the)\b|\bthat (one )?works for me\b|\bi can (do|afford|manage|handle) that\b|\bthat'?s doable\b|\bpuedo pagar\b|\bsend me the (paperwork|papers|application|forms?)\b|\bmail me the (paperwork|papers|application|forms?)\b/
      .source,
  ].join('|'),
  'i',
);
/** The caller tells the details an application needs, or says they are the person asked for. */
const GIVES_DETAILS =
  /\bmy (date of birth|birthday|social( security)?( number)?|address|bank|routing( number)?|account( number)?|beneficiary( would be| is)?|medicare( number)?) (is|would be|will be)\b|\bit'?s spelled\b|\b(yes|yeah|yep),? (that'?s me|this is (him|her|she|he))\b|\bspeaking\.?$/i;
/** A reply that does not go along: any no, not, never, or goodbye. */
const DEMURS = /\b(no|not|never|nope|bye|stop)\b|n'?t\b/i;
const APPLICATION = /\bapplication\b|\bmedicare (card|number)\b|\b(routing|account) number\b|\bdraft\b|\bspell your (last |first )?name\b|\bmailing address\b/i;

const AGE_STATED = new RegExp(
  `\\b(?:i'?m|i am|(i'?ll be|i will be|turning)|turned|age is|aged)\\s+(?:(about|around|almost|nearly|maybe|probably|close to)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent|minutes|days|months))`,
  'i',
);
/** Someone else's age, said by a relative on the caller's phone ("Mama's ninety-two", "she's 97"). */
const THIRD_AGE = new RegExp(
  `\\b(?:she'?s|he'?s|she is|he is|(?:mama|momma|mom|mother|dad|daddy|father|grandma|grandpa|grandmother|grandfather|husband|wife)(?:'s| is))\\s+(?:(about|around|almost|nearly|maybe|probably|close to)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent|minutes|days|months))`,
  'i',
);
/** A caller correcting the age just given ("Thirty-nine. No, wait, forty-nine"): the age after the cue counts. */
const AGE_CORRECTION = new RegExp(`\\b(?:no,?\\s+)?(?:wait|i mean|actually|sorry)\\b[,.]?\\s+(?:i'?m\\s+)?${NUMBER_WORDS}\\b`, 'i');
const AGE_BARE = new RegExp(`^(?:(about|around|almost|nearly|maybe)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent))`, 'i');
/** An age said in Spanish ("tengo noventa y dos años", "tengo 92 años"). */
const SPANISH_TENS: Record<string, number> = { cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100 };
const SPANISH_UNITS = ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const SPANISH_AGE = new RegExp(
  `\\btengo\\s+(?:(?:como|casi)\\s+)?(?:(\\d{1,3})|(${Object.keys(SPANISH_TENS).join('|')})(?:\\s+y\\s+(${SPANISH_UNITS.join('|')}))?)\\s+años\\b`,
  'i',
);
/** A year said in words ("nineteen thirty-six", "nineteen oh five"). */
const BIRTH_YEAR_WORDS =
  /\b(ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)[-\s]+(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh)\b/i;
/** "Ninety-one years old, honey": an age said unasked, at the start of a line. */
const YEARS_OLD = new RegExp(`^(?:(about|around|almost|nearly|maybe)\\s+)?${NUMBER_WORDS}\\s+years?\\s+old\\b`, 'i');
const GIVE_OR_TAKE = /\bgive or take\b|\bor so\b|\bthereabouts\b/i;

const HAS_COVERAGE =
  /\balready (have|got)\b|\bi'?m covered\b|\bi(?: have|'ve got|'ve| got) (?:a |an |the |some |one |\w+ ){0,2}(policy|coverage|plan|prepaid)\b|\b(policy|coverage) (already|in place)\b|\b(i'?ve got|i have|got) .{0,60}\balready\b|\bprepaid\b|\bya tengo\b[^.?!]{0,30}\b(seguro|plan|p[óo]liza)\b/i;
const NOT_LOOKING =
  /\bnot (looking|interested)\b(?! (to|in) (replace|replacing|switch|switching|change|changing|cancel|cancelling|drop|dropping)\b)|\bdon'?t need (any )?(more|anything|another|it|any)\b|\bdon'?t need a thing\b|\bhappy with (it|what i have|mine)\b|\b(i'?m|we'?re) all set\b|\bthat'?s (all|enough|plenty) (i|we) need\b|\bno necesito\b/i;
const CANNOT_AFFORD =
  /\bcan'?t afford\b|\bcannot afford\b|\bcan'?t pay anything\b|\bcan'?t (do|pay|manage) any (premium|payment)\b|\bcan'?t spare\b|\bdon'?t have a (dime|penny|cent)\b|\bnothing left at the end of the month\b|\bno money for\b|\bno puedo pagar nada\b|\bno tengo (nada de )?dinero\b/i;
/** Words that make "can't afford" mean any premium at all. */
/** Short of money for now only ("right now, maybe next month"): not unable to pay any premium. */
const FOR_NOW = /\b(next month|next week|next year|when my check|until|after the first|maybe later|in a (few|couple( of)?) (weeks|months))\b/i;
const NOT_EVEN = /\bnot even\b|\ba (dime|penny|cent)\b|\bnothing at all\b/i;
const ANY_AMOUNT = /\b(any|anything|nothing|a (dime|penny|cent)|at all|not even|no premium|nada)\b/i;
/** "I can't afford that" after a price is an objection to that price, not a caller who can pay nothing. */
const PRICE_OBJECTION = /\bcan'?t afford (that|it|this|those)\b(?! (or|nor) any)/i;
const NOT_DECIDER =
  /\bpower of attorney\b|\b(son|daughter|brother|sister|nephew|niece|guardian|kids?|children) (makes|decides) (all|every|the)\b|\bcan'?t (sign|agree to|decide) anything\b|\bcan'?t sign contracts?\b|\bcan'?t make (the )?decisions\b|\bi'?m (just|only) (her|his|the) caregiver\b|\b(is my|my legal|as my) (guardian|conservator)\b|\bappointed a conservator\b/i;
/** A caller who only declines ("not interested") names none of the four disqualifiers. */
const DECLINES = /\bnot interested\b|\bchanged my mind\b/i;
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

/** A reply that refuses the question is not an answer to it. */
const REFUSES = /\bwhy do you need\b|\bnot giving (out )?(my|that|any|you)\b|\bnone of your business\b|\bi don'?t give (that|it) out\b|\brather not say\b/i;

/**
 * The caller's first statement after `line` (or later in the same line, after `from`) that takes it back: they
 * accept an amount or a plan, tell their details, say it is them after all, or let an application start (they
 * answer the agent's application question without demurring). `also` adds what takes back one rule's statement
 * (an age in range, answers to the questions).
 */
function takenBackAfter(
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
    if (also?.(l, previous)) return l;
  }
  return undefined;
}

/** Where a pattern's match ends in a line (0 when it does not match). */
function endOf(re: RegExp, text: string): number {
  const m = re.exec(text);
  return m ? m.index + m[0].length : 0;
}

function read(transcript: string | null): Reading {
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
  /** Where the statement ends in its line (what follows in the same line may take it back). */
  end: number;
  /** An approximate age near a bound: not clear. */
  unsure?: boolean;
  /** Why it is not clear, when unsure. */
  why?: string;
}

/** A hedge that puts the age just below the number ("almost ninety-one": ninety). */
const ONE_SHORT = /^(almost|nearly|close to)$/i;

/** The age a line states (the caller's, or a relative's for the person to be insured), or null. */
function statedAge(line: TranscriptLine, previous: TranscriptLine | undefined): { age: number; approximate: boolean } | null {
  const es = SPANISH_AGE.exec(line.text);
  if (es) {
    const n = es[1] ? Number(es[1]) : SPANISH_TENS[es[2]!.toLowerCase()]! + (es[3] ? SPANISH_UNITS.indexOf(es[3].toLowerCase()) + 1 : 0);
    return n >= 18 && n <= 120 ? { age: n, approximate: /\b(como|casi|más o menos)\b/i.test(line.text) } : null;
  }
  const asked = previous?.role === 'agent' && /\b(how old|age|date of birth|born)\b/i.test(previous.text);
  const m = AGE_STATED.exec(line.text);
  const third = m ? null : THIRD_AGE.exec(line.text);
  const bare = m || third ? null : asked ? AGE_BARE.exec(line.text) : YEARS_OLD.exec(line.text);
  // words: the number said; hedge: "about", "almost"...; next: "I'll be 91", "turning 91" (90 today).
  const said = m
    ? { words: m[3]!, hedge: m[2], next: Boolean(m[1]) }
    : third
      ? { words: third[2]!, hedge: third[1], next: false }
      : bare
        ? { words: bare[2]!, hedge: bare[1], next: false }
        : null;
  if (!said) return null;
  // "Thirty-nine. No, wait, forty-nine": the corrected number counts, as said.
  const corrected = AGE_CORRECTION.exec(line.text);
  const n = numberFrom(corrected ? corrected[1]! : said.words);
  if (n === null) return null;
  const age = !corrected && (said.next || ONE_SHORT.test(said.hedge ?? '')) ? n - 1 : n;
  if (age < 18 || age > 120) return null;
  // "Nineteen thirty-six" is a birth year, not an age of nineteen.
  if (n >= 10 && n <= 19 && BIRTH_YEAR_WORDS.test(line.text)) return null;
  return { age, approximate: Boolean(said.hedge) || GIVE_OR_TAKE.test(line.text) };
}

function disqualifiers(r: Reading): Disqualifier[] {
  const found: Disqualifier[] = [];
  r.lines.forEach((line, i) => {
    if (line.role !== 'caller') return;
    const age = statedAge(line, r.lines[i - 1]);
    if (age && (age.age < AGE_RANGE.min || age.age > AGE_RANGE.max)) {
      // Two ages (the caller's and a relative's, "Mama's ninety-five, I'm seventy"), or an age in range said earlier:
      // whose age decides the policy is for an admin.
      const twoInLine = AGE_STATED.test(line.text) && THIRD_AGE.test(line.text);
      const earlier = r.lines.slice(0, i).some((l, j) => {
        if (l.role !== 'caller') return false;
        const a = statedAge(l, r.lines[j - 1]);
        return a !== null && a.age >= AGE_RANGE.min && a.age <= AGE_RANGE.max;
      });
      if (twoInLine || earlier)
        found.push({ line, kind: 'age', unsure: true, why: 'The caller gave more than one age; whose decides is for an admin.', end: line.text.length });
      else found.push({ line, kind: 'age', end: line.text.length });
    } else if (age && age.approximate && (Math.abs(age.age - AGE_RANGE.min) <= AGE_FUZZ || Math.abs(age.age - AGE_RANGE.max) <= AGE_FUZZ)) {
      found.push({ line, kind: 'age', unsure: true, why: 'The caller may be outside the age range: the age given is approximate.', end: line.text.length });
    }
    const nextCaller = r.lines.slice(i + 1).find((l) => l.role === 'caller');
    if (
      HAS_COVERAGE.test(line.text) &&
      (NOT_LOOKING.test(line.text) || (nextCaller && NOT_LOOKING.test(nextCaller.text) && r.lines.indexOf(nextCaller) === i + 1))
    ) {
      found.push({ line, kind: 'covered', end: Math.max(endOf(HAS_COVERAGE, line.text), endOf(NOT_LOOKING, line.text)) });
    }
    const quotedBefore = r.quotes.some((q) => r.lines.indexOf(q) < i);
    if (CANNOT_AFFORD.test(line.text) && !(quotedBefore && PRICE_OBJECTION.test(line.text))) {
      // "I can't afford it" with no word of paying nothing at all: unable to pay anything, or just not this? An admin.
      const vague =
        (PRICE_OBJECTION.test(line.text) && !ANY_AMOUNT.test(line.text) && !CANNOT_AFFORD.test(line.text.replace(PRICE_OBJECTION, ''))) ||
        (FOR_NOW.test(line.text.slice(line.text.search(CANNOT_AFFORD))) && !NOT_EVEN.test(line.text));
      found.push({
        line,
        kind: 'afford',
        end: endOf(CANNOT_AFFORD, line.text),
        ...(vague ? { unsure: true, why: "The caller said they can't afford it, without saying they can pay nothing at all, or only for now." } : {}),
      });
    }
    if (NOT_DECIDER.test(line.text)) found.push({ line, kind: 'decider', end: endOf(NOT_DECIDER, line.text) });
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

/** A caller line that says where the caller lives (not where they are today). */
const RESIDENCE = /\b(i|we) (live|lived|reside|moved)\b|\bi'?ve lived\b|\bmy home('s| is)\b|\bliving (in|over|down|up|out)\b/i;
/** State names, longest first (so "West Virginia" is read before "Virginia"). */
const STATE_NAME = new RegExp(
  `\\b(${US_STATES.map((s) => s.name)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b`,
  'gi',
);
/**
 * Large cities whose name belongs to one state only (no Columbus, Portland, Springfield, Jackson, Kansas City...),
 * so that "I'm down here in Houston" places the caller. A city not listed places nobody: an admin reads it.
 */
const CITIES: Record<string, string> = {
  houston: 'TX',
  dallas: 'TX',
  'san antonio': 'TX',
  austin: 'TX',
  'el paso': 'TX',
  'fort worth': 'TX',
  lubbock: 'TX',
  amarillo: 'TX',
  'corpus christi': 'TX',
  phoenix: 'AZ',
  tucson: 'AZ',
  mesa: 'AZ',
  scottsdale: 'AZ',
  'los angeles': 'CA',
  'san diego': 'CA',
  'san francisco': 'CA',
  sacramento: 'CA',
  fresno: 'CA',
  'las vegas': 'NV',
  reno: 'NV',
  albuquerque: 'NM',
  denver: 'CO',
  'salt lake city': 'UT',
  seattle: 'WA',
  spokane: 'WA',
  boise: 'ID',
  chicago: 'IL',
  detroit: 'MI',
  'grand rapids': 'MI',
  milwaukee: 'WI',
  minneapolis: 'MN',
  indianapolis: 'IN',
  cincinnati: 'OH',
  cleveland: 'OH',
  toledo: 'OH',
  louisville: 'KY',
  lexington: 'KY',
  nashville: 'TN',
  memphis: 'TN',
  knoxville: 'TN',
  chattanooga: 'TN',
  atlanta: 'GA',
  savannah: 'GA',
  macon: 'GA',
  valdosta: 'GA',
  birmingham: 'AL',
  montgomery: 'AL',
  mobile: 'AL',
  huntsville: 'AL',
  'new orleans': 'LA',
  'baton rouge': 'LA',
  shreveport: 'LA',
  'little rock': 'AR',
  'oklahoma city': 'OK',
  tulsa: 'OK',
  'st. louis': 'MO',
  'saint louis': 'MO',
  omaha: 'NE',
  'des moines': 'IA',
  wichita: 'KS',
  miami: 'FL',
  tampa: 'FL',
  orlando: 'FL',
  jacksonville: 'FL',
  tallahassee: 'FL',
  'fort lauderdale': 'FL',
  'st. petersburg': 'FL',
  sarasota: 'FL',
  pensacola: 'FL',
  charlotte: 'NC',
  raleigh: 'NC',
  greensboro: 'NC',
  durham: 'NC',
  'myrtle beach': 'SC',
  charleston: 'SC',
  'virginia beach': 'VA',
  norfolk: 'VA',
  richmond: 'VA',
  baltimore: 'MD',
  philadelphia: 'PA',
  pittsburgh: 'PA',
  'new york city': 'NY',
  brooklyn: 'NY',
  'the bronx': 'NY',
  buffalo: 'NY',
  boston: 'MA',
  newark: 'NJ',
  camden: 'NJ',
};
const CITY_NAME = new RegExp(
  `\\b(${Object.keys(CITIES)
    .map((c) => c.replace('.', '\\.'))
    .join('|')})\\b`,
  'gi',
);

/** The states a line names in words (not two-letter codes: "in", "ok" and "me" are words), or by a listed city's name. */
function statesIn(text: string): string[] {
  const named = [...text.matchAll(STATE_NAME)].map((m) => toUsStateCode(m[1]!));
  const cities = [...text.matchAll(CITY_NAME)].map((m) => CITIES[m[1]!.toLowerCase()] ?? null);
  return [...new Set([...named, ...cities].filter((c): c is string => c !== null))];
}

/** A state's name (not a two-letter word such as "in" or "ok") at the start of `words`. */
function stateNamed(words: string): string | null {
  const first = words.split(' ')[0]!;
  return (words.length > 2 ? toUsStateCode(words) : null) ?? (first.length > 2 ? toUsStateCode(first) : null);
}

/**
 * A caller line about where the caller lives, stays or gets mail, in any words: a city, a county, a care home, the
 * winter. The rules know states by name, not cities or counties, so such a line is read against the call's state.
 */
const WHERE_TALK =
  /\b(i|we) (live|lived|reside|moved|stay|winter|summer|split)\b|\bi'?ve lived\b|\bliving (in|over|down|up|out|with)\b|\b(my )?home('s| is)\b|\bhere in\b|\bi'?m (actually |now |just )?(in|at|down|up|out|over|from)\b|\bcounty\b|\bparish\b|\bmail\b|\bmailing\b|\baddress\b|\bp\.?\s?o\.? box\b|\b(care|nursing|group) home\b|\bassisted living\b|\bstaying (with|at|in)\b|\bvisiting\b|\bsnowbird\b|\bfor the (winter|summer)\b|\bhalf the year\b|\bback and forth\b|\b(side|across the (river|line|border))\b/i;
/** Words that put the caller's home apart from the call's place: a season away, the mail, a care home, a move, a visit. */
const HOME_ELSEWHERE =
  /\b(winter|summer|snowbird|half the year|back and forth|split)\w*\b|\bmail(ing)?\b|\bp\.?\s?o\.? box\b|\b(care|nursing|group) home\b|\bassisted living\b|\bmoved\b|\bvisiting\b|\bstaying (with|at|in)\b|\bhome is\b/i;

/** A place given by what it is near ("across the river from Cincinnati", "Boone County"): it does not place the caller. */
const NEAR = /\b(county|parish|across|near|outside( of)?|right by|close to|just over)\b/i;

function outOfState(input: DisputeEvidenceInput): DisputeVerdict {
  const states = input.workingStates;
  const stateLine = data(`Call state: ${input.state}. Working states at the time of the call: ${states.length ? states.join(', ') : 'every state'}.`);
  // Without a transcript the caller's words cannot be checked against the record (the labelling guide: for an admin).
  if (!input.transcript?.trim()) {
    if (states.length && !states.includes(input.state)) {
      return {
        decision: 'human',
        summary: `The call came from ${input.state}, not a working state, but the call has no transcript to read.`,
        evidence: [stateLine],
      };
    }
  }
  // Where the caller says they live, when it is not the call's state.
  const homes: { line: TranscriptLine; code: string }[] = [];
  // With speaker labels in doubt, any line may be the caller's words about where they live.
  const anyone = labelsInDoubt(input.transcript) !== null;
  const lines = readTranscript(input.transcript);
  for (const line of lines) {
    if (line.role !== 'caller' && !anyone) continue;
    const m = LIVES_IN.exec(line.text);
    const named = m ? stateNamed(m[1]!) : null;
    const codes = named ? [named] : RESIDENCE.test(line.text) ? statesIn(line.text) : [];
    for (const code of codes) if (code !== input.state) homes.push({ line, code });
  }
  const callState = US_STATES.find((s) => s.code === input.state)?.name ?? input.state;
  // What the caller says about where they live (a city, a county, a care home...) that does not name the call's state.
  const where = lines.filter((l) => (l.role === 'caller' || anyone) && WHERE_TALK.test(l.text));
  if (states.length && !states.includes(input.state)) {
    // The call's state is not worked, but the caller says they live in one that is: for an admin.
    const worked = homes.find((h) => states.includes(h.code));
    if (worked) {
      return {
        decision: 'human',
        summary: `The call came from ${input.state}, not a working state, but the caller says they live in ${worked.code}, which is.`,
        evidence: [stateLine, quoteOf(worked.line)],
      };
    }
    // The caller says where they live in words the rules cannot place in the call's state: an admin reads them.
    const unplaced = where.find((l) => !statesIn(l.text).includes(input.state) || HOME_ELSEWHERE.test(l.text) || NEAR.test(l.text));
    if (unplaced) {
      return {
        decision: 'human',
        summary: `The call came from ${input.state}, not a working state, but the caller says where they live in words that do not name ${callState}.`,
        evidence: [stateLine, quoteOf(unplaced)],
      };
    }
    return { decision: 'approve', summary: `The call came from ${input.state}, which is not one of the agent's working states.`, evidence: [stateLine] };
  }
  // The call's state is worked; a caller who says they live elsewhere (outside the list) is for an admin.
  const elsewhere = states.length ? homes.find((h) => !states.includes(h.code)) : undefined;
  if (elsewhere) {
    return {
      decision: 'human',
      summary: `The call's state is worked, but the caller says they live in ${elsewhere.code}.`,
      evidence: [stateLine, quoteOf(elsewhere.line)],
    };
  }
  // The caller names a state outside the working ones, or puts their home apart from the call's place (a season
  // away, the mail, a care home, a move): the record and the words disagree.
  const apart = states.length
    ? where.find((l) => statesIn(l.text).some((c) => !states.includes(c)) || (HOME_ELSEWHERE.test(l.text) && !statesIn(l.text).includes(input.state)))
    : undefined;
  if (apart) {
    return {
      decision: 'human',
      summary: `The call's state is worked, but the caller's words put their home elsewhere.`,
      evidence: [stateLine, quoteOf(apart)],
    };
  }
  return {
    decision: 'deny',
    summary: states.length
      ? `The call came from ${input.state}, one of the agent's working states.`
      : 'The agent took calls from every state at the time of the call.',
    evidence: [stateLine],
  };
}

/** An approval the speaker labels cannot support: the caller's words cannot be told from the agent's. */
function inDoubt(doubt: string, evidence: EvidenceQuote[]): DisputeVerdict {
  return { decision: 'human', summary: `The speaker labels cannot be trusted: ${doubt}`, evidence };
}

function wrongNumber(input: DisputeEvidenceInput, r: Reading, doubt: string | null): DisputeVerdict {
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [lengthLine(input.durationSeconds)] };
  const g = genuine(r);
  const machine = r.callerLines.find((l) => NOT_A_PERSON.test(l.text));
  if (machine && !r.answers.length && !g.strong) {
    if (doubt) return inDoubt(doubt, [quoteOf(machine)]);
    return {
      decision: 'approve',
      summary: "The call reached a phone menu, an office's recording or a machine, not the prospect.",
      evidence: [quoteOf(machine)],
    };
  }
  const denial = r.callerLines.find((l) => DENIES_ASKING.test(l.text));
  if (denial) {
    const m = DENIES_ASKING.exec(denial.text)!;
    // Taken back later in the same breath ("wrong number! No, I'm teasing you, this is Earl") or in a later line.
    // Taken back: the caller says it is them after all, tells their details, accepts, lets an application start.
    const takenBack = takenBackAfter(r, denial, m.index + m[0].length);
    const laterAnswers = r.answers.filter((a) => r.lines.indexOf(a.answer) > r.lines.indexOf(denial));
    // A denial the caller hedges ("my son might have"), or after which they stay to hear about it, is for an admin.
    const hedge =
      r.callerLines.find(
        (l) => l !== denial && r.lines.indexOf(l) > r.lines.indexOf(denial) && (HEDGES.test(l.text) || STAYS_ON.test(l.text) || CONFIRMS_ASKING.test(l.text)),
      ) ??
      (HEDGES.test(denial.text.slice(m.index + m[0].length)) ||
      STAYS_ON.test(denial.text.slice(m.index + m[0].length)) ||
      /^\s*\?/.test(denial.text.slice(m.index + m[0].length))
        ? denial
        : undefined);
    if (hedge && !takenBack && !g.strong) {
      return {
        decision: 'human',
        summary: 'The caller denied asking, then hedged or stayed on to hear about it.',
        evidence: [quoteOf(denial), ...(hedge === denial ? [] : [quoteOf(hedge)])],
      };
    }
    // Someone else on the prospect's phone denying for them ("she's not home, and she never asked") speaks for another.
    // (A caller who also says there is no such person there, or that it is the wrong number, speaks for themselves.)
    const forAnother = r.callerLines.find((l) => RELATIVE_SPEAKS.test(l.text) || AWAY.test(l.text));
    if (forAnother && !takenBack && !g.strong && !r.callerLines.some((l) => NO_SUCH_PERSON.test(l.text))) {
      return {
        decision: 'human',
        summary: 'Someone other than the prospect denied asking on their behalf.',
        evidence: [quoteOf(denial), ...(forAnother === denial ? [] : [quoteOf(forAnother)])],
      };
    }
    if (!takenBack && !laterAnswers.length && !g.strong) {
      if (doubt) return inDoubt(doubt, [quoteOf(denial)]);
      return { decision: 'approve', summary: 'The caller said it was a wrong number or that they never asked for the call.', evidence: [quoteOf(denial)] };
    }
    if (takenBack && g.strong) {
      return {
        decision: 'deny',
        summary: 'The caller took back the denial and went on with the conversation.',
        evidence: [quoteOf(denial), ...(takenBack === denial ? [] : [quoteOf(takenBack)]), ...g.evidence],
      };
    }
    // Whoever answers the qualifying questions, before or after saying they never asked, is the prospect on
    // the number: a denial that only ends (or opens) a full conversation does not make it a wrong number.
    if (r.answers.length >= GENUINE_ANSWERS) {
      return {
        decision: 'deny',
        summary: 'The caller said they never asked, yet answered the qualifying questions as the prospect.',
        evidence: [quoteOf(denial), ...g.evidence],
      };
    }
    return { decision: 'human', summary: 'The caller denied asking but then went on answering questions.', evidence: [quoteOf(denial), ...g.evidence] };
  }
  // A relative or someone else on the prospect's phone says the prospect is away: the number is the prospect's, not a
  // wrong number (unless they also deny anyone there asked, read above).
  const relative = r.callerLines.find((l) => RELATIVE_SPEAKS.test(l.text));
  const away = r.callerLines.find((l) => AWAY.test(l.text));
  if (relative && away && !doubt && !r.callerLines.some((l) => DIED.test(l.text))) {
    return {
      decision: 'deny',
      summary: "Someone on the prospect's phone said the prospect is away: that is not a wrong number.",
      evidence: [quoteOf(relative), ...(away === relative ? [] : [quoteOf(away)])],
    };
  }
  // Unsure who asked, unless the caller then remembers ("Oh yes, I did fill that out").
  const unsure = r.callerLines.find(
    (l) => UNSURE_WHO_ASKED.test(l.text) && !r.lines.slice(r.lines.indexOf(l) + 1).some((m) => m.role === 'caller' && TAKES_BACK.test(m.text)),
  );
  if (g.strong && !unsure) {
    return { decision: 'deny', summary: 'The caller never denied asking and answered the qualifying questions.', evidence: g.evidence };
  }
  const confirms = r.callerLines.find((l) => CONFIRMS_ASKING.test(l.text));
  if (confirms && !unsure) {
    return { decision: 'deny', summary: 'The caller said they were the one who asked for the call.', evidence: [quoteOf(confirms), ...g.evidence] };
  }
  return {
    decision: 'human',
    summary: unsure ? 'The caller was unsure who asked for the call.' : 'The transcript neither shows a wrong number nor a genuine conversation.',
    evidence: unsure ? [quoteOf(unsure), ...g.evidence] : [lengthLine(input.durationSeconds), ...g.evidence],
  };
}

/** Caller lines about the coverage (its cost, the funeral, the papers) that show a caller who stayed to talk. */
const ABOUT_COVERAGE = /\b(funeral|burial|bury|cremat\w*|coverage|policy|insurance|premium|cost|price|in the mail)\b/i;
const ENGAGED_LINES = 3;

/** A reply that only shows the caller could not hear the question. */
const CANNOT_HEAR =
  /^(\W*(hello|what|huh|who|pardon|sorry|come again)\W*)+$|\bcan'?t hear\b|\bbreaking up\b|\bsay (that|it) again\b|\bno entiendo\b|\bdon'?t understand\b|\bno hablo\b|\bno (english|ingl[ée]s)\b/i;
/** A relative or someone else on the prospect's phone: who they are, or the prospect away. */
const RELATIVE_SPEAKS =
  /\bthis is (his|her|their) (daughter|son|wife|husband|sister|brother|granddaughter|grandson|niece|nephew|mother|father|caregiver|neighbor)\b|\bthat'?s my (wife|husband|mother|mom|mama|momma|father|dad|daddy|sister|brother|daughter|son|grandma|grandmother|grandpa|grandfather)\b/i;
/** The caller says the person asked for is not there at all, or the number is wrong (not only that nobody asked). */
const NO_SUCH_PERSON = /\bwrong (number|person|line|digits|house)\b|\bnobody\b|\bno one\b|\bain'?t no\b|\bthere'?s no\b|\bdon'?t know\b|\bequivocad|\bnadie\b/i;
const DIED = /\b(passed|died|dead|deceased|hospice)\b/i;
const AWAY =
  /\b(she|he|mama|momma|mom|dad|daddy)(?:'s| is)? (?:not|ain'?t) (?:here|home|in|available|around)\b|\b(she|he|mama|momma|mom|dad|daddy)(?:'s| is) (?:sleeping|asleep|napping|at (?:the doctor|work|church|the store)|out)\b/i;

/** The caller said no more than this many lines: a greeting, a question, a refusal. */
const HANG_UP_MAX_CALLER_LINES = 3;

const ENDED_BY_WORDS = { caller: 'the caller', agent: 'the agent', platform: 'the platform (the line was cut)' } as const;
/** The platform's record of the call's end, as a line of evidence. */
function endLine(input: DisputeEvidenceInput): EvidenceQuote {
  const buffer = input.bufferSeconds ?? null;
  const who = input.endedBy ? `ended by ${ENDED_BY_WORDS[input.endedBy]}` : 'the platform did not say who ended it';
  return data(`Call length: ${input.durationSeconds} seconds (buffer ${buffer ?? 'unknown'} s); ${who}.`);
}

/**
 * Hung up before the questions (issue 33): approved only when the platform says the caller ended the call, the
 * call ended at most HANG_UP_WINDOW_SECONDS past its buffer, and the caller's last words came before the agent's
 * first qualifying question. The agent's silence proves nothing: a call on which the agent asked nothing is
 * approved only when the caller said little and left inside the window, and a longer one is never the caller's
 * fault. Without the platform's word on who ended the call it goes to an admin at best.
 */
function hungUp(input: DisputeEvidenceInput, r: Reading, doubt: string | null): DisputeVerdict {
  const end = endLine(input);
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [end] };
  const g = genuine(r);
  // A price was given, or the caller told an age unasked: part of a sale happened without the questions.
  const volunteered = r.lines.find((l, i) => l.role === 'caller' && statedAge(l, r.lines[i - 1]) !== null);
  if (!r.answers.length && (r.quotes.length || volunteered)) {
    return {
      decision: 'human',
      summary: r.quotes.length
        ? 'The agent gave a price though the caller answered no qualifying question.'
        : 'The caller gave their age unasked, though no qualifying question was answered.',
      evidence: [end, quoteOf(r.quotes[0] ?? volunteered!)],
    };
  }
  if (g.strong) return { decision: 'deny', summary: 'The caller answered the qualifying questions before the call ended.', evidence: [end, ...g.evidence] };
  const firstQuestion = r.lines.find(asksQualifying);
  const lastCaller = r.callerLines[r.callerLines.length - 1];
  const window = typeof input.bufferSeconds === 'number' ? input.bufferSeconds + HANG_UP_WINDOW_SECONDS : null;
  const within = window !== null && input.durationSeconds <= window;
  // The caller stayed and talked about the coverage while the agent asked nothing: the agent skipped them.
  const engaged = r.callerLines.filter((l) => ABOUT_COVERAGE.test(l.text));
  if (!firstQuestion && engaged.length >= ENGAGED_LINES) {
    return {
      decision: 'deny',
      summary: 'The caller stayed on the line talking about the coverage; the agent asked no qualifying question.',
      evidence: [end, ...engaged.slice(0, 2).map(quoteOf)],
    };
  }
  // A long call on which the agent asked nothing while the caller stayed on the line (the caller ended it, or
  // spoke in its last half minute) is never the caller's fault.
  const stayed = input.endedBy === 'caller' || (lastCaller?.seconds != null && input.durationSeconds - lastCaller.seconds <= 30 && r.callerLines.length > 1);
  // A first question stamped after the window's end came too late to count (the caller was kept waiting past it).
  const late = firstQuestion?.seconds != null && window !== null && firstQuestion.seconds > window;
  if ((!firstQuestion || late) && window !== null && !within && stayed) {
    return {
      decision: 'deny',
      summary: `The call lasted ${input.durationSeconds} seconds, more than ${HANG_UP_WINDOW_SECONDS} s past its buffer, with the caller on the line, and the agent asked no qualifying question.`,
      evidence: [end, ...(lastCaller ? [quoteOf(lastCaller)] : [])],
    };
  }
  if (input.endedBy === 'agent') {
    return { decision: 'deny', summary: 'The platform records that the agent ended the call, not the caller.', evidence: [end] };
  }
  // The questions reached the caller: they answered one, or replied to it (a refusal, "I have to go") before
  // leaving. "Hung up before the questions" does not hold, whoever ended the call. A reply that only shows the
  // caller could not hear ("Hello?", "What?") is for an admin.
  const reply = firstQuestion ? r.lines.slice(r.lines.indexOf(firstQuestion) + 1).find((l) => l.role === 'caller') : undefined;
  if (input.endedBy === 'caller' && r.answers.length) {
    return { decision: 'deny', summary: 'The caller answered a qualifying question before ending the call.', evidence: [end, ...g.evidence] };
  }
  if (r.answers.length) {
    return { decision: 'human', summary: 'The caller answered some questions before the call ended.', evidence: [end, ...g.evidence] };
  }
  if (input.endedBy === 'caller' && reply && !CANNOT_HEAR.test(reply.text)) {
    return {
      decision: 'deny',
      summary: "The caller replied to the agent's qualifying question before the call ended: the questions had begun.",
      evidence: [end, quoteOf(firstQuestion!), quoteOf(reply)],
    };
  }
  if (input.endedBy !== 'caller') {
    return {
      decision: 'human',
      summary:
        input.endedBy === 'platform'
          ? 'The platform cut the call; the caller did not hang up.'
          : 'The platform did not say who ended the call: an admin listens.',
      evidence: [end, ...(lastCaller ? [quoteOf(lastCaller)] : [])],
    };
  }
  if (window === null) return { decision: 'human', summary: "The call's buffer is not known.", evidence: [end] };
  if (!within) {
    return {
      decision: 'human',
      summary: `The call lasted ${input.durationSeconds} seconds, more than ${HANG_UP_WINDOW_SECONDS} s past its ${input.bufferSeconds} s buffer.`,
      evidence: [end, ...(firstQuestion ? [quoteOf(firstQuestion)] : [])],
    };
  }
  if (!lastCaller) return { decision: 'human', summary: 'The transcript holds no words of the caller.', evidence: [end] };
  if (firstQuestion && r.lines.indexOf(lastCaller) > r.lines.indexOf(firstQuestion)) {
    return {
      decision: 'human',
      summary: "The caller spoke after the agent's first qualifying question without answering it.",
      evidence: [end, quoteOf(firstQuestion), quoteOf(lastCaller)],
    };
  }
  // An agent line on a qualifying topic, in whatever words ("Okay. Date of birth."), before the caller's last words.
  const topic = r.lines.find((l) => l.role === 'agent' && QUALIFYING_QUESTION.test(l.text));
  if (topic && r.lines.indexOf(lastCaller) > r.lines.indexOf(topic)) {
    return {
      decision: 'human',
      summary: 'The caller spoke after the agent raised a qualifying topic; whether it was asked is for an admin.',
      evidence: [end, quoteOf(topic), quoteOf(lastCaller)],
    };
  }
  if (!firstQuestion && r.callerLines.length > HANG_UP_MAX_CALLER_LINES) {
    return { decision: 'human', summary: 'The caller talked for a while and the agent asked no qualifying question.', evidence: [end, quoteOf(lastCaller)] };
  }
  const evidence = [end, quoteOf(lastCaller), ...(firstQuestion ? [quoteOf(firstQuestion)] : [])];
  if (doubt) return inDoubt(doubt, evidence);
  // Someone else answered the prospect's phone and spoke of them ("she's sleeping, call back"): the prospect never
  // came on, which is for an admin to weigh, not a caller who hung up.
  const stander = r.callerLines.find((l) => RELATIVE_SPEAKS.test(l.text) || AWAY.test(l.text));
  if (stander) {
    return {
      decision: 'human',
      summary: 'Someone other than the prospect answered and spoke of them; the prospect never came on.',
      evidence: [end, quoteOf(stander)],
    };
  }
  return {
    decision: 'approve',
    summary: `The caller ended the call after ${input.durationSeconds} seconds (buffer ${input.bufferSeconds} s), and their last words came before any qualifying question.`,
    evidence,
  };
}

/** A caller who wants more cover after all, or decides for themselves. */
const WANTS_MORE =
  /\badd (a little|some|more|on|to it)\b|\b(a little|some) (more|extra)\b|\bon top\b|\bhow much (would|could|is|for)\b|\bmaybe (i|we) (could|should) (use|get|look)\b|\bwhat would (it|that|more) cost\b/i;
const OWN_DECIDER = /\bi (still |can |do )?make my own decisions\b|\bi (can )?decide for myself\b|\bit'?s my (money|decision)\b/i;

function notQualified(input: DisputeEvidenceInput, r: Reading, doubt: string | null): DisputeVerdict {
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [lengthLine(input.durationSeconds)] };
  const found = disqualifiers(r);
  const g = genuine(r);
  // Taken back is not evidence: a disqualifier the caller contradicts later in the call (an amount they can pay,
  // their details, an application let start, an age in range, wanting more cover, deciding for themselves).
  const takeBack = (d: Disqualifier) =>
    takenBackAfter(
      r,
      d.line,
      d.end,
      (l, previous) => {
        if (d.kind === 'age') {
          const a = statedAge(l, previous);
          return a !== null && !a.approximate && a.age >= AGE_RANGE.min && a.age <= AGE_RANGE.max;
        }
        if (d.kind === 'covered') return WANTS_MORE.test(l.text);
        if (d.kind === 'decider') return OWN_DECIDER.test(l.text);
        return false;
      },
      d.kind === 'covered' || d.kind === 'decider',
    );
  const backs = found.filter((d) => !d.unsure).map((d) => ({ d, back: takeBack(d) }));
  const clear = backs.filter((b) => !b.back).map((b) => b.d);
  const takenBack = backs.filter((b) => b.back);
  const sold = [...r.quotes.slice(0, 1), ...r.application.slice(0, 1)];
  if (clear.length && !sold.length && !found.some((d) => d.unsure) && !takenBack.length) {
    if (doubt)
      return inDoubt(
        doubt,
        clear.map((d) => quoteOf(d.line)),
      );
    return { decision: 'approve', summary: `The caller ${KIND_WORDS[clear[0]!.kind]}.`, evidence: clear.map((d) => quoteOf(d.line)) };
  }
  if (takenBack.length && !clear.length && !found.some((d) => d.unsure)) {
    const t = takenBack[0]!;
    const evidence = [quoteOf(t.d.line), ...(t.back === t.d.line ? [] : [quoteOf(t.back!)]), ...g.evidence];
    // Clearly taken back in the caller's own words (an amount or plan accepted, their details, an age in range) is
    // a denial; an application let start or a question about more cover, without more, is for an admin.
    const back = t.back!;
    const inRange = t.d.kind === 'age' && back !== t.d.line;
    const confirmed = r.lines.slice(r.lines.indexOf(back) + 1).some((l) => l.role === 'caller' && (ACCEPTS.test(l.text) || GIVES_DETAILS.test(l.text)));
    if (ACCEPTS.test(back === t.d.line ? back.text.slice(t.d.end) : back.text) || GIVES_DETAILS.test(back.text) || inRange || confirmed) {
      return { decision: 'deny', summary: `The caller said they ${KIND_WORDS[t.d.kind].replace(/^is /, 'were ')}, then took it back.`, evidence };
    }
    return { decision: 'human', summary: 'The caller stated a disqualifier and later said something that contradicts it.', evidence };
  }
  if (found.length) {
    return {
      decision: 'human',
      summary: takenBack.length
        ? 'The caller stated a disqualifier and later contradicted one.'
        : sold.length
          ? 'The caller stated a disqualifier, yet a quote or an application followed.'
          : (found.find((d) => d.unsure)?.why ?? 'The caller may be outside the age range: the age given is approximate.'),
      evidence: [...found.map((d) => quoteOf(d.line)), ...sold.map(quoteOf)],
    };
  }
  if (g.strong) return { decision: 'deny', summary: 'The caller stated no disqualifier and answered the qualifying questions.', evidence: g.evidence };
  // Declining is not one of the four disqualifiers (age, covered and not looking, no means, not the decider).
  const declined = r.callerLines.find((l) => DECLINES.test(l.text));
  if (declined) {
    return { decision: 'deny', summary: 'The caller declined without stating any disqualifier.', evidence: [quoteOf(declined)] };
  }
  return {
    decision: 'human',
    summary: 'The transcript shows neither a disqualifier nor a full qualifying conversation.',
    evidence: [lengthLine(input.durationSeconds), ...g.evidence],
  };
}

/** The evidence each rule reads (never the agent's words, silence or chosen reason, for an approval). */
export const RULE_READS: Record<DisputeEvidenceInput['reason'], EvidenceSource[]> = {
  out_of_state: ['platform_record', 'delivery_record', 'caller_words'],
  wrong_number: ['caller_words'],
  hung_up_before_questions: ['platform_record', 'delivery_record', 'caller_words'],
  not_qualified: ['caller_words'],
  other: [],
};

function byReason(input: DisputeEvidenceInput): DisputeVerdict {
  const doubt = labelsInDoubt(input.transcript);
  switch (input.reason) {
    case 'out_of_state':
      return outOfState(input);
    case 'wrong_number':
      return wrongNumber(input, read(input.transcript), doubt);
    case 'hung_up_before_questions':
      return hungUp(input, read(input.transcript), doubt);
    case 'not_qualified':
      return notQualified(input, read(input.transcript), doubt);
    default:
      return { decision: 'human', summary: 'Disputes for other reasons are decided by an admin.', evidence: [] };
  }
}

export function classifyByRules(input: DisputeEvidenceInput): DisputeVerdict {
  return { ...byReason(input), rule: input.reason, reads: RULE_READS[input.reason] };
}

export const rulesClassifier: DisputeClassifier = {
  name: 'rules',
  classify: async (input) => classifyByRules(input),
};
