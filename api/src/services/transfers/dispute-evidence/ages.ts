// The age a caller states, in digits, words, Spanish or with a hedge ("almost ninety-one"), for the not-qualified
// rule (not-qualified.ts) and the hang-up rule (hung-up.ts).
import { QUOTER_LIMITS } from '@tm/shared/logic/quoter';
import { NUMBER_WORDS, numberFrom, type TranscriptLine } from './transcript.ts';

/** The product's age range (the final-expense quoter's). */
export const AGE_RANGE = { min: QUOTER_LIMITS.minAge, max: QUOTER_LIMITS.maxAge };

/** An approximate age ("about ninety") this near a bound is not a clear disqualifier. */
export const AGE_FUZZ = 3;
export const AGE_STATED = new RegExp(
  `\\b(?:i'?m|i am|(i'?ll be|i will be|turning|i turn|(?:she|he) turns)|turned|age is|aged)\\s+(?:(about|around|almost|nearly|maybe|probably|close to)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent|minutes|days|months))`,
  'i',
);

/** Someone else's age, said by a relative on the caller's phone ("Mama's ninety-two", "she's 97"). */
export const THIRD_AGE = new RegExp(
  `\\b(?:she'?s|he'?s|she is|he is|(?:mama|momma|mom|mother|dad|daddy|father|grandma|grandpa|grandmother|grandfather|husband|wife)(?:'s| is))\\s+(?:(about|around|almost|nearly|maybe|probably|close to)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent|minutes|days|months))`,
  'i',
);

/** A caller correcting the age just given ("Thirty-nine. No, wait, forty-nine"): the age after the cue counts. */
export const AGE_CORRECTION = new RegExp(`\\b(?:no,?\\s+)?(?:wait|i mean|actually|sorry)\\b[,.]?\\s+(?:i'?m\\s+)?${NUMBER_WORDS}\\b`, 'i');
/** An age said alone, after a no or an oh ("No, no, seventy-two.", decision 263). */
export const AGE_BARE = new RegExp(
  `^(?:(?:no|nope|oh|well|sorry|nah|yes|yeah)\\W+)*(?:(about|around|almost|nearly|maybe)\\s+)?${NUMBER_WORDS}\\b(?!\\s*(?:thousand|hundred|dollars|percent))`,
  'i',
);

/** An age said in Spanish ("tengo noventa y dos años", "tengo 92 años"). */
export const SPANISH_TENS: Record<string, number> = { treinta: 30, cuarenta: 40, cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100 };
export const SPANISH_UNITS = ['uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
export const SPANISH_AGE = new RegExp(
  `\\btengo\\s+(?:(?:como|casi)\\s+)?(?:(\\d{1,3})|(${Object.keys(SPANISH_TENS).join('|')})(?:\\s+y\\s+(${SPANISH_UNITS.join('|')}))?)\\s+años\\b`,
  'i',
);

/** A year said in words ("nineteen thirty-six", "nineteen oh five"). */
export const BIRTH_YEAR_WORDS =
  /\b(ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)[-\s]+(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|oh)\b/i;

/** "Ninety-one years old, honey": an age said unasked, at the start of a line. */
export const YEARS_OLD = new RegExp(`^(?:(about|around|almost|nearly|maybe)\\s+)?${NUMBER_WORDS}\\s+years?\\s+old\\b`, 'i');
export const GIVE_OR_TAKE = /\bgive or take\b|\bor so\b|\bthereabouts\b/i;

/** A hedge that puts the age just below the number ("almost ninety-one": ninety). */
/** An agent's question about the caller's age, or the agent saying an age back for the caller to confirm or correct
 * ("You're ninety-two?", or the number alone: "Ninety-two?", decision 263). */
const AGE_QUESTION = new RegExp(
  `\\b(how old|age|cu[áa]ntos a[ñn]os|edad)\\b|\\byou'?re (about |around )?${NUMBER_WORDS}\\b|^\\W*(?:(?:oh|you said|did you say|so)\\W+)*${NUMBER_WORDS}\\W*\\?\\W*$`,
  'i',
);

/** A question about the birth date or year: a bare number answering it is a year, not an age. */
const BIRTH_QUESTION = /\b(year|born|date of birth|birth ?date|birthday|dob|naci[óo])\b/i;

/** An age in Spanish said alone, answering the age question ("Treinta y ocho."). */
const SPANISH_BARE = new RegExp(
  `^(${Object.keys(SPANISH_TENS)
    .filter((k) => k !== 'cien')
    .join('|')})(?:\\s+y\\s+(${SPANISH_UNITS.join('|')}))?\\b`,
  'i',
);

/** "Ninety-three in January": the age the caller turns next, not yet (and, since decision 263, "I'm ninety-one in March",
 * "this coming March", "next month" after a stated age too). */
const NEXT_BIRTHDAY =
  /^\s*(?:(?:in|this|come|next|this coming|come this) (?:january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter|thanksgiving|the (?:spring|summer|fall|winter)|a (?:few|couple))|(?:next|this) (?:month|week|year)|in a (?:week|month)|on my (?:next )?birthday)\b/i;

/** The text after the last place `words` is said in `text`. */
const after = (text: string, words: string) => text.slice(text.toLowerCase().lastIndexOf(words.toLowerCase()) + words.length);
export const ONE_SHORT = /^(almost|nearly|close to)$/i;

/** The age a line states (the caller's, or a relative's for the person to be insured), or null. */
export function statedAge(line: TranscriptLine, previous: TranscriptLine | undefined): { age: number; approximate: boolean } | null {
  const es = SPANISH_AGE.exec(line.text);
  if (es) {
    const n = es[1] ? Number(es[1]) : SPANISH_TENS[es[2]!.toLowerCase()]! + (es[3] ? SPANISH_UNITS.indexOf(es[3].toLowerCase()) + 1 : 0);
    return n >= 18 && n <= 120 ? { age: n, approximate: /\b(como|casi|más o menos)\b/i.test(line.text) } : null;
  }
  // A bare number answers an age question ("How old are you?" "Seventy-two."), never a birth-year one ("What year were
  // you born?" "Thirty-eight." is 1938, not thirty-eight).
  const asked = previous?.role === 'agent' && AGE_QUESTION.test(previous.text) && !BIRTH_QUESTION.test(previous.text);
  const esBare = asked ? SPANISH_BARE.exec(line.text) : null;
  if (esBare) {
    const n = SPANISH_TENS[esBare[1]!.toLowerCase()]! + (esBare[2] ? SPANISH_UNITS.indexOf(esBare[2].toLowerCase()) + 1 : 0);
    return { age: n, approximate: false };
  }
  const m = AGE_STATED.exec(line.text);
  const third = m ? null : THIRD_AGE.exec(line.text);
  // Asked, a number said as a sentence of its own later in the answer counts too ("Too old for all this! Eighty-four.").
  const alone = (t: string) =>
    t
      .split(/(?<=[.!?])\s+/)
      .slice(1)
      .map((x) => new RegExp(`${AGE_BARE.source}[.!]?$`, 'i').exec(x.trim()))
      .find(Boolean) ?? null;
  // A number asked back ("Ninety-one, is that what you said?") states nothing (decision 263).
  const askedBack = /^[^.!?]*\?/.test(line.text);
  const bare = m || third || askedBack ? null : asked ? (AGE_BARE.exec(line.text) ?? alone(line.text)) : YEARS_OLD.exec(line.text);
  // words: the number said; hedge: "about", "almost"...; next: "I'll be 91", "turning 91" (90 today).
  const said = m
    ? { words: m[3]!, hedge: m[2], next: Boolean(m[1]) || NEXT_BIRTHDAY.test(line.text.slice(m.index + m[0].length)) }
    : third
      ? { words: third[2]!, hedge: third[1], next: NEXT_BIRTHDAY.test(line.text.slice(third.index + third[0].length)) }
      : bare
        ? { words: bare[2]!, hedge: bare[1], next: NEXT_BIRTHDAY.test(line.text.slice(bare[0].length)) }
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
  return { age, approximate: Boolean(said.hedge) || GIVE_OR_TAKE.test(line.text) || /^\W*(something|odd|-?ish)\b/i.test(after(line.text, said.words)) };
}

/** A question about the birth year or date (a bare number answering it is a year; "your birth year?": decision 263). */
const ASKS_BIRTH = /\b(what year|year (were you|was she|was he) born|born|date of birth|birth ?date|birth ?year|year of birth|birthday|dob)\b/i;
const OTHERS_BIRTH =
  /\b(he|she|they|his|her|my (son|daughter|grandson|granddaughter|grandkids?|husband|wife|kids?|child|children|mother|father|mom|dad|brother|sister|niece|nephew))\b[^.?!]{0,25}\b(born|birth)/i;
const FOUR_DIGIT_YEAR = /\b(19[0-9]{2}|20[0-2][0-9])\b/;
const SHORT_YEAR =
  /(?:'|\bborn (?:in )?(?:nineteen )?)(\d{2}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?)\b/i;
const YEAR_IN_WORDS =
  /\bnineteen[-\s]((?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)\b/i;
const LAST_NUMBER = new RegExp(`${NUMBER_WORDS}(?!.*\\b${NUMBER_WORDS}\\b)`, 'i');

/**
 * The birth year a caller gives ("1932", "nineteen thirty-two", "born in '44", "born forty-seven", or a bare number
 * or date answering the agent's birth-year question: "Forty-six.", "Three twelve ninety-one"), or null. A
 * four-digit year counts only beside "born" or in answer to that question (not "since 1968").
 */
export function birthYearIn(line: TranscriptLine, previous: TranscriptLine | undefined): number | null {
  // Someone else's birth ("my grandson was born in 1990") is not the caller's year.
  if (OTHERS_BIRTH.test(line.text)) return null;
  const askedBirth = previous?.role === 'agent' && ASKS_BIRTH.test(previous.text);
  const context = askedBirth || /\b(born|birth)/i.test(line.text);
  const four = FOUR_DIGIT_YEAR.exec(line.text);
  if (four && context) return Number(four[1]);
  const words = YEAR_IN_WORDS.exec(line.text);
  if (words && context) return 1900 + (numberFrom(words[1]!.replace(/\s+/, '-')) ?? numberFrom(words[1]!) ?? 0);
  const short = SHORT_YEAR.exec(line.text);
  if (short && context) {
    const n = numberFrom(short[1]!.replace(/\s+/, '-')) ?? numberFrom(short[1]!);
    if (n !== null && n >= 10 && n <= 99) return 1900 + n;
  }
  // A bare answer to the birth-year question: its last number is the year ("Three twelve ninety-one": 1991). A single
  // number counts only when the year was asked ("What year were you born?" "Forty-six."): said to "date of birth?" it
  // may be an age.
  const first = line.text.split(/[.!?]/)[0]!;
  const numbers = first.match(new RegExp(NUMBER_WORDS, 'gi')) ?? [];
  const dated = numbers.length > 1 || MONTH.test(first) || /\bwhat year|\byear\b/i.test(previous?.text ?? '');
  if (askedBirth && dated && !AGE_STATED.test(line.text)) {
    const last = LAST_NUMBER.exec(first);
    const n = last ? numberFrom(last[1]!) : null;
    if (n !== null && n >= 20 && n <= 99) return 1900 + n;
  }
  return null;
}

const MONTH = /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b/i;

/** The ages a birth year gives on a call in `callYear`: one less before the birthday, so a range of two. */
export function agesFromBirthYear(year: number, callYear: number): { min: number; max: number } {
  return { min: callYear - year - 1, max: callYear - year };
}
