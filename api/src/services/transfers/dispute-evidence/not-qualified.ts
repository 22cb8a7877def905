// The not-qualified rule: one of the four disqualifiers (age, covered and not looking, no means, not the
// decider) in the caller's own words, not taken back later in the call.
import { AGE_FUZZ, AGE_RANGE, AGE_STATED, THIRD_AGE, agesFromBirthYear, birthYearIn, statedAge } from './ages.ts';
import {
  ACCEPTS,
  BUDGET_QUESTION,
  GIVES_DETAILS,
  asksQualifying,
  namesAmount,
  namesBudget,
  endOf,
  genuine,
  inDoubt,
  lengthLine,
  takenBackAfter,
  type Reading,
} from './caller-statements.ts';
import { NUMBER_WORDS, SWAPPED, UNHEARD, numberFrom, quoteOf, type TranscriptLine } from './transcript.ts';
import type { DisputeEvidenceInput, DisputeVerdict } from './types.ts';

export const HAS_COVERAGE =
  /\balready (have|got)\b|\bi'?m covered\b|\bi(?: have|'ve got|'ve| got) (?:a |an |the |some |one |[\w-]+ ){0,2}(policy|coverage|plan|pre-?paid)\b|\b(policy|coverage) (already|in place)\b|\b(i'?ve got|i have|got) .{0,60}\balready\b|\bpre-?paid\b|\bover-?covered\b|\bi(?: have|'ve got|'ve| got) [^.?!]{0,40}\bthrough (my|the|our|his|her) [^.?!]{0,30}\b(plan|policy|union|work|job|pension|retiree|employer|church)\b|\b(a|one|another) (policy|plan) (with|through|from)\b|\bya tengo\b[^.?!]{0,30}\b(seguro|plan|p[óo]liza)\b/i;
export const NOT_LOOKING =
  /\bnot (looking|interested)\b(?! (to|in) (replace|replacing|switch|switching|change|changing|cancel|cancelling|drop|dropping)\b)|\bdon'?t need (any )?(more|anything|another|it|any)\b|\bdon'?t need a thing\b|\bhappy with (it|what i have|mine)\b|\b(i'?m|we'?re) all set\b|\bthat'?s (plenty|enough)\b|\bthat'?s (all|enough|plenty) (i|we) need\b|\bdon'?t want (any )?(more|another|anything( else| more)?|extra)\b|\bno necesito\b/i;
export const CANNOT_AFFORD =
  /\bcan'?t afford\b|\bcannot afford\b|\bcan'?t pay (anything|nothing|a (dime|thing))\b|\bcan'?t (do|pay|manage) any (premium|payment)\b|\bcan'?t spare\b|\bdon'?t have a (dime|penny|cent)\b|\bnothing left at the end of the month\b|\bno money for\b|\bno puedo pagar nada\b|\bno tengo (nada de )?dinero\b|\b(i )?no have (any |no )?money\b|\bdon'?t have (any |no )?money\b|\bnothing left\b|\bnot a (dollar|red cent)\b|\bdon'?t have (five|ten|fifteen|twenty|\$\s?\d+)\b/i;

/** Words that make "can't afford" mean any premium at all. */
/** Short of money for now only ("right now, maybe next month"): not unable to pay any premium. */
export const FOR_NOW = /\b(next month|next week|next year|when my check|until|after the first|maybe later|in a (few|couple( of)?) (weeks|months))\b/i;
export const NOT_EVEN = /\bnot even\b|\ba (dime|penny|cent)\b|\bnothing at all\b/i;
export const ANY_AMOUNT = /\b(any|anything|nothing|a (dime|penny|cent)|at all|not even|no premium|nada)\b/i;

/** "I can't afford that" after a price is an objection to that price, not a caller who can pay nothing. */
export const PRICE_OBJECTION = /\bcan'?t afford (that|it|this|those)\b(?! (or|nor) any)|\b(para|por) (eso|esto)\b|\bthat (much|price|amount)\b/i;
export const NOT_DECIDER =
  /\bpower of attorney\b|\b(son|daughter|brother|sister|nephew|niece|guardian|kids?|children) (makes|decides) (all|every|the)\b|\bcan'?t (sign|agree to|decide) anything\b|\bcan'?t sign contracts?\b|\bcan'?t make (the )?decisions\b|\bi'?m (just|only) (her|his|the) caregiver\b|\b(is my|my legal|as my) (guardian|conservator)\b|\bappointed a conservator\b|\bi'?m (her|his|their) (court[- ]appointed |legal )+(guardian|conservator)\b|\bcourt[- ]appointed\b|'s my (legal )?(guardian|conservator)\b|\bthe court (made|appointed|named|gave)\b/i;

/** A caller who only declines ("not interested") names none of the four disqualifiers. */
export const DECLINES = /\bnot interested\b|\bchanged my mind\b/i;

export interface Disqualifier {
  line: TranscriptLine;
  kind: 'age' | 'covered' | 'afford' | 'decider';
  /** Where the statement ends in its line (what follows in the same line may take it back). */
  end: number;
  /** An approximate age near a bound: not clear. */
  unsure?: boolean;
  /** Why it is not clear, when unsure. */
  why?: string;
}

/** A year either side of a birth year's two ages: when in the year the call and the birthday fall is not known. */
const YEAR_SLACK = 1;

/** A birth year said with a doubt ("thirty-nine I think. Or forty"). */
const BIRTH_HEDGE = /\bi think\b|\bor (\d|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|nineteen)|\bmaybe\b|\babout\b|\baround\b|\bnot sure\b/i;

/** The agent asking whether even a small amount would do ("Even ten dollars?"). */
const EVEN_AMOUNT = /\beven\b[^?]*\?/i;
/** A reply that names no amount: "Nothing.", "Honey, nothing.", "Zero.", "Not even ten.", "Nada." */
const NOTHING_REPLY = /^\W*(?:(?:honey|baby|sweetie|son|dear|well|oh|no|sir|ma'?am)\W+)*(?:nothing|zero|nada|not a (?:dime|penny|cent)|not even\b)/i;
/** The caller unsure of the age they give ("I lose track", "I think", "don't remember"): not a clear statement. */
const AGE_UNSURE = /\b(lose track|i forget|not sure|i think|i guess|don'?t (remember|recall|know))\b/i;
/**
 * Ages given as alternatives (decision 263): "Ninety-one, or ninety-two", "... Maybe eighty-nine." Whether one in the
 * range is the caller's is for an admin. (Not "ninety-three, ninety-four come Christmas": the next birthday.)
 */
const ALTERNATIVE_AGES = new RegExp(
  `\\b${NUMBER_WORDS},?\\s+or\\s+(?:maybe\\s+)?${NUMBER_WORDS}\\b|(?:^|[.!?,]\\s*)(?:or\\s+)?(?:maybe|probably|could be)\\s+${NUMBER_WORDS}\\b`,
  'gi',
);
function alternativeInRange(text: string): boolean {
  for (const m of text.matchAll(ALTERNATIVE_AGES)) {
    for (const w of m.slice(1)) {
      const n = w ? numberFrom(w) : null;
      if (n !== null && n >= AGE_RANGE.min && n <= AGE_RANGE.max) return true;
    }
  }
  return false;
}
/** Words before a number that make it no age of the caller's ("I feel sixty", "born in forty", "passed at eighty"). */
const NOT_THEIR_AGE = /\b(feel|feels|felt|look|looks|act|acts|sound|sounds|like|born|since|in|at|from|till|until|number|route|highway)\W*$/i;
/** A number said as an amount, a count or a span, not an age ("ten thousand", "thirty years", "sixty dollars"). */
const NOT_AN_AGE = /^\W*(thousand|hundred|grand|k\b|dollars|bucks|cents|percent|minutes|hours|days|weeks|months|times|a month|per\b|years? (?!old))/i;
/**
 * Another age in the product's range said in the same line as one outside it ("I'm ninety-four. My license says
 * eighty-four", "I'm a hundred and five! Ha, no, I'm seventy-two"): which is the caller's is for an admin (decision
 * 263). Not the next birthday, nor a number said as an amount, a span or a likeness.
 */
function otherAgeInRange(text: string, age: number): boolean {
  for (const m of text.matchAll(new RegExp(`\\b${NUMBER_WORDS}\\b`, 'gi'))) {
    const n = numberFrom(m[1]!);
    if (n === null || n < AGE_RANGE.min || n > AGE_RANGE.max || Math.abs(n - age) <= 1) continue;
    if (NOT_AN_AGE.test(text.slice(m.index + m[0].length)) || NOT_THEIR_AGE.test(text.slice(0, m.index))) continue;
    return true;
  }
  return false;
}
/** A caller's line that puts them in the age range: an exact age, or a birth year whose ages all fall in it. */
function inAgeRange(r: Reading, i: number, callYear: number | null): boolean {
  const l = r.lines[i]!;
  if (l.role !== 'caller') return false;
  const a = statedAge(l, r.lines[i - 1]);
  if (a) return !a.approximate && a.age >= AGE_RANGE.min && a.age <= AGE_RANGE.max;
  const year = callYear === null ? null : birthYearIn(l, r.lines[i - 1]);
  if (year === null) return false;
  const ages = agesFromBirthYear(year, callYear!);
  return ages.min - YEAR_SLACK >= AGE_RANGE.min && ages.max + YEAR_SLACK <= AGE_RANGE.max;
}

export function disqualifiers(r: Reading, callYear: number | null = null): Disqualifier[] {
  const found: Disqualifier[] = [];
  r.lines.forEach((line, i) => {
    if (line.role !== 'caller') return;
    const age = statedAge(line, r.lines[i - 1]);
    // A birth year, read against the call's date (the platform's record): outside the range at both of its ages is a
    // disqualifier, unless the caller also gave an age in range; across a bound, for an admin.
    const year = callYear !== null ? birthYearIn(line, r.lines[i - 1]) : null;
    if (year !== null) {
      const ages = agesFromBirthYear(year, callYear!);
      const outside = ages.max + YEAR_SLACK < AGE_RANGE.min || ages.min - YEAR_SLACK > AGE_RANGE.max;
      const across = !outside && (ages.min - YEAR_SLACK < AGE_RANGE.min || ages.max + YEAR_SLACK > AGE_RANGE.max);
      // An age the caller states anywhere in the call that the birth year does not give: the two disagree.
      const disagrees = r.lines.some((l, j) => {
        const a = l.role === 'caller' ? statedAge(l, r.lines[j - 1]) : null;
        return a !== null && (a.age < ages.min - YEAR_SLACK || a.age > ages.max + YEAR_SLACK);
      });
      const hedged = BIRTH_HEDGE.test(line.text);
      if (outside && !disagrees && !hedged) found.push({ line, kind: 'age', end: line.text.length });
      else if (outside || across || disagrees)
        found.push({
          line,
          kind: 'age',
          unsure: true,
          why: disagrees
            ? "The caller's birth year and the age they gave disagree."
            : outside
              ? 'The caller hedged the birth year that puts them outside the age range.'
              : 'The birth year puts the caller at a bound of the age range.',
          end: line.text.length,
        });
    }
    if (age && (age.age < AGE_RANGE.min || age.age > AGE_RANGE.max)) {
      // Two ages (the caller's and a relative's, "Mama's ninety-five, I'm seventy"), or an age in range said earlier:
      // whose age decides the policy is for an admin.
      const twoInLine =
        (AGE_STATED.test(line.text) && THIRD_AGE.test(line.text)) ||
        alternativeInRange(line.text) ||
        AGE_UNSURE.test(line.text) ||
        otherAgeInRange(line.text, age.age);
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
    if (HAS_COVERAGE.test(line.text) && (NOT_LOOKING.test(line.text) || (nextCaller && NOT_LOOKING.test(nextCaller.text)))) {
      found.push({ line, kind: 'covered', end: Math.max(endOf(HAS_COVERAGE, line.text), endOf(NOT_LOOKING, line.text)) });
    }
    const quotedBefore = r.quotes.some((q) => r.lines.indexOf(q) < i);
    // After a price, "can't afford it" without "nothing at all" in so many words is an objection to that price, not
    // a disqualifier (decision 243; before, it went to an admin).
    // An objection to the price that goes on to any amount at all ("I can't afford that. Nothing I can do."): no means
    // or not this price cannot be told; an admin reads it (decision 263).
    const beyondPrice = quotedBefore && PRICE_OBJECTION.test(line.text) && ANY_AMOUNT.test(line.text.replace(PRICE_OBJECTION, ''));
    const objection = quotedBefore && !beyondPrice && (PRICE_OBJECTION.test(line.text) || (!ANY_AMOUNT.test(line.text) && !NOT_EVEN.test(line.text)));
    if (CANNOT_AFFORD.test(line.text) && !objection) {
      // "I can't afford it" with no word of paying nothing at all: unable to pay anything, or just not this? An admin.
      // After a price, only "nothing at all" in so many words is more than an objection to that price.
      const vague =
        beyondPrice ||
        (quotedBefore && !ANY_AMOUNT.test(line.text) && !NOT_EVEN.test(line.text)) ||
        (PRICE_OBJECTION.test(line.text) && !ANY_AMOUNT.test(line.text) && !CANNOT_AFFORD.test(line.text.replace(PRICE_OBJECTION, ''))) ||
        (FOR_NOW.test(line.text.slice(line.text.search(CANNOT_AFFORD))) && !NOT_EVEN.test(line.text));
      found.push({
        line,
        kind: 'afford',
        end: endOf(CANNOT_AFFORD, line.text),
        ...(vague ? { unsure: true, why: "The caller said they can't afford it, without saying they can pay nothing at all, or only for now." } : {}),
      });
    }
    // "Nothing" in answer to the agent's question of what the caller could pay (or "even ten?"): no amount at all.
    const previous = r.lines[i - 1];
    const askedAmount = previous?.role === 'agent' && (BUDGET_QUESTION.test(previous.text) || EVEN_AMOUNT.test(previous.text));
    if (askedAmount && !CANNOT_AFFORD.test(line.text) && NOTHING_REPLY.test(line.text)) {
      const forNow = FOR_NOW.test(line.text) || /\bright now\b|\bthis month\b/i.test(line.text);
      found.push({
        line,
        kind: 'afford',
        end: endOf(NOTHING_REPLY, line.text),
        ...(forNow ? { unsure: true, why: 'The caller can pay nothing for now only.' } : {}),
      });
    }
    if (NOT_DECIDER.test(line.text)) found.push({ line, kind: 'decider', end: endOf(NOT_DECIDER, line.text) });
  });
  // Cover, means or the decider said with a doubt ("I think I have a policy", "I probably can't afford anything"): not
  // a clear statement (decision 263).
  return found.map((d) => (d.kind !== 'age' && !d.unsure && HEDGED.test(d.line.text) ? { ...d, unsure: true, why: 'The caller hedged the disqualifier.' } : d));
}
/** Cover the caller has or may have ("through my old job", "I might have one"): near the covered disqualifier. */
const COVER_HINT =
  /\b(covered|coverage|polic(y|ies)|insurance (through|from|with)|through (my|the|his|her) (old )?(work|job|union|church|employer)|already (have|got)|pre-?paid|burial (society|plot))\b|\b(might|may|probably|think i) (have|got|had) (one|some|something|a little)\b/i;
/** The caller unsure, after saying they are covered, of what the cover is or does (decision 263). */
const COVER_DOUBT = /\b(i think|not sure|don'?t (know|remember)|no idea|i guess|maybe)\b/i;
/** A caller still weighing what they said. */
const WEIGHS = /\b(think (about|on|it over)|let me think|not sure|i don'?t know|have to see|talk to)\b/i;
/** A doubt in the caller's own statement. */
const HEDGED = /\b(i think|i guess|i believe|probably|might|maybe|not sure|i suppose|supposed to|far as i know|if i remember)\b/i;
/** The caller's money trouble: a price objection, "too much", a tight or fixed income. */
const MONEY_TROUBLE = /\b(afford|tight|fixed income|money|too (much|high|steep)|expensive|can'?t (do|pay|swing|manage) (that|it))\b/i;
/** The agent asking what the caller could pay, or offering less ("What could you afford?", "Would a smaller amount work?"). */
const LESS_OFFERED = /\b(smaller|less|lower|cheaper)\b[^?]*\?/i;
/** A caller who goes along with an amount offered ("That I could do", "I can manage that"). */
const GOES_ALONG =
  /\b(i|we) (can|could) (probably |maybe )?(do|manage|afford|handle|swing) (that|it|this)\b|^\W*(that|this) (i|we) (can|could) (do|manage|afford|handle|swing)\b/i;

/** After a price: money trouble, the agent asking what the caller could pay, a reply naming no amount, nothing accepted later. */
function unresolvedMoney(r: Reading): { trouble: TranscriptLine; reply: TranscriptLine } | null {
  const firstQuote = r.quotes.length ? r.lines.indexOf(r.quotes[0]!) : -1;
  if (firstQuote < 0) return null;
  for (let i = firstQuote + 1; i < r.lines.length; i++) {
    const ask = r.lines[i]!;
    if (ask.role !== 'agent' || !(BUDGET_QUESTION.test(ask.text) || EVEN_AMOUNT.test(ask.text) || LESS_OFFERED.test(ask.text))) continue;
    const trouble = r.lines.slice(firstQuote + 1, i).find((l) => l.role === 'caller' && MONEY_TROUBLE.test(l.text));
    const j = r.lines.findIndex((l, k) => k > i && l.role === 'caller');
    if (!trouble || j < 0) continue;
    const reply = r.lines[j]!;
    const goesAlong = (l: TranscriptLine, k: number) =>
      l.role === 'caller' && (ACCEPTS.test(l.text) || GIVES_DETAILS.test(l.text) || GOES_ALONG.test(l.text) || namesAmount(l, r.lines[k - 1]));
    if (/\?/.test(reply.text) || r.lines.some((l, k) => k >= j && goesAlong(l, k))) continue;
    return { trouble, reply };
  }
  return null;
}
export const KIND_WORDS: Record<Disqualifier['kind'], string> = {
  age: `is outside the product's age range (${AGE_RANGE.min} to ${AGE_RANGE.max})`,
  covered: 'is already covered and not looking',
  afford: 'cannot afford any premium',
  decider: 'is not the decision maker',
};

/** Near a disqualifier without stating one: money, bills, someone else handling things, some cover, memory. */
const HINTS =
  /\b(tight|fixed income|afford|money|bills|budget|handles?|takes care of|in charge|guardian|attorney|conservator|dementia|alzheimer'?s|memory|forget\w*|covered|coverage|polic(y|ies)|insurance (through|from|with)|through (my|the|his|her) (work|job|union|church|employer)|already (have|got)|prepaid|burial (society|plot)|the va\b|decides?|decisions?)\b/i;

/** A birth year or date said beside an age: the two may disagree (not "had my birthday last week": decision 263). */
const BIRTH_YEAR = /\bborn\b|\b19\d\d\b|\bbirthday\b(?! (was |is )?(last|this|next) (week|month)\b)|\b(nineteen|eighteen)[-\s]\w+/i;

/** The agent saying what the caller said or is ("he said", "she told the screener", "she's ninety-five"). */
const CLAIMS = new RegExp(
  `\\b(he|she|they|you) (said|says|told|mentioned)\\b|\\b(he|she)'?s (about |almost )?${NUMBER_WORDS}\\b|(?<!\\bnot )\\b(too old|too young|over (the )?age|under (the )?age)\\b`,
  'i',
);

/** A call this many seconds past its buffer is a long one: five minutes of talk with no qualifying question. */
const LONG_CALL_SECONDS = 300;

/** Caller lines that show a caller who stayed on the line. */
const STAYED_LINES = 3;

/** A caller who wants more cover after all, or decides for themselves (or signs, or the decider lets them: decision 263). */
export const WANTS_MORE =
  /\badd (a little|some|more|on|to it)\b|\b(a little|some) (more|extra)\b|\bon top\b|\bhow much (would|could|is|for)\b|\bmaybe (i|we) (could|should) (use|get|look)\b|\bwhat would (it|that|more) cost\b/i;
/** The caller asks what a policy would cost them ("what's the price?", "how much would that run?", "what can I get for forty?"). */
const ASKS_PRICE =
  /\b(what'?s|what is|what'?d|what would|how much (would|will|does|is))\b[^.?!]{0,25}\b(price|cost|run|be)\b|\bwhat (can|could|would) i get\b/i;
export const OWN_DECIDER =
  /\bi (still |can |do )?make my own decisions\b|\bi (can )?decide for myself\b|\bit'?s my (money|decision)\b|\b(i|we) (can|could|will|'ll) sign\b|\bsign for myself\b|\b(he|she|they) (says?|said) (to )?go ahead\b/i;
/** Cover the caller had and has no more ("it lapsed", "I stopped paying"): the cover is taken back (decision 263). */
const LAPSED =
  /\b(lapsed|cancel+ed|ran out|expired|stopped paying|quit paying|cashed (it )?(in|out)|not (good|valid|active) anymore|no longer (good|valid|active))\b/i;

export function notQualified(input: DisputeEvidenceInput, r: Reading, doubt: string | null): DisputeVerdict {
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [lengthLine(input.durationSeconds)] };
  // The year of the call, from the platform's record: a birth year is read against it.
  const calledYear = input.calledAt ? new Date(input.calledAt).getUTCFullYear() : NaN;
  const callYear = Number.isFinite(calledYear) ? calledYear : null;
  const found = disqualifiers(r, callYear);
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
        if (d.kind === 'covered')
          return WANTS_MORE.test(l.text) || ASKS_PRICE.test(l.text) || LAPSED.test(l.text) || (l !== d.line && COVER_DOUBT.test(l.text));
        if (d.kind === 'decider') return OWN_DECIDER.test(l.text);
        return false;
      },
      d.kind === 'covered' || d.kind === 'decider',
    );
  // Every statement, clear or not, may be taken back; one not taken back stands, clear (approve) or unsure (an admin).
  // (Two ages disagreeing, or an approximate one, stay for an admin whatever follows.)
  const backs = found.map((d) => ({ d, back: !d.unsure || d.kind === 'afford' ? takeBack(d) : undefined }));
  const clear = backs.filter((b) => !b.back && !b.d.unsure).map((b) => b.d);
  const standing = backs.filter((b) => !b.back && b.d.unsure).map((b) => b.d);
  const takenBack = backs.filter((b) => b.back);
  // A quote or an application after the first disqualifier: the sale went on past it (a price quoted before it does
  // not contradict a caller who then says they can pay nothing at all).
  const firstAt = found.length ? Math.min(...found.map((d) => r.lines.indexOf(d.line))) : -1;
  const sold = [...r.quotes.filter((q) => r.lines.indexOf(q) > firstAt).slice(0, 1), ...r.application.filter((q) => r.lines.indexOf(q) > firstAt).slice(0, 1)];
  // Caller words after the disqualifier that were not made out may take it back: an admin listens (decision 263).
  const firstClear = clear.length ? Math.min(...clear.map((d) => r.lines.indexOf(d.line))) : -1;
  const unheardAfter = r.lines.find((l, i) => i > firstClear && l.role === 'caller' && UNHEARD.test(l.text));
  if (clear.length && !sold.length && !standing.length && !takenBack.length && unheardAfter) {
    return {
      decision: 'human',
      summary: "The caller's words after the disqualifier were not made out.",
      evidence: [...clear.map((d) => quoteOf(d.line)), quoteOf(unheardAfter)],
    };
  }
  if (clear.length && !sold.length && !standing.length && !takenBack.length) {
    if (doubt)
      return inDoubt(
        doubt,
        clear.map((d) => quoteOf(d.line)),
      );
    return { decision: 'approve', summary: `The caller ${KIND_WORDS[clear[0]!.kind]}.`, evidence: clear.map((d) => quoteOf(d.line)) };
  }
  if (takenBack.length && !clear.length && !standing.length) {
    const t = takenBack[0]!;
    const evidence = [quoteOf(t.d.line), ...(t.back === t.d.line ? [] : [quoteOf(t.back!)]), ...g.evidence];
    // Clearly taken back in the caller's own words (an amount or plan accepted, their details, an age in range) is
    // a denial; an application let start or a question about more cover, without more, is for an admin.
    const back = t.back!;
    const inRange = t.d.kind === 'age' && back !== t.d.line;
    const confirmed = r.lines.slice(r.lines.indexOf(back) + 1).some((l) => l.role === 'caller' && (ACCEPTS.test(l.text) || GIVES_DETAILS.test(l.text)));
    const named = namesAmount(back, r.lines[r.lines.indexOf(back) - 1]);
    // An amount named while still weighing it ("ten dollars... let me think about it") takes the statement back, but
    // not clearly: an admin (decision 263).
    const weighing = named && !confirmed && WEIGHS.test(back.text);
    if (
      (ACCEPTS.test(back === t.d.line ? back.text.slice(t.d.end) : back.text) || GIVES_DETAILS.test(back.text) || inRange || confirmed || named) &&
      !weighing
    ) {
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
  // A hint of a disqualifier the rules cannot weigh (money tight, someone else handling the bills, some cover): an
  // admin reads it rather than the rules denying.
  // Money trouble after a price, the agent asking what the caller could pay, and a reply that names no amount, with
  // nothing accepted after: whether the caller can pay anything at all is unresolved (decision 263).
  const open = unresolvedMoney(r);
  if (open) {
    return {
      decision: 'human',
      summary: 'After a price the caller spoke of money trouble and, asked what they could pay, named no amount.',
      evidence: [quoteOf(open.trouble), quoteOf(open.reply)],
    };
  }
  if (g.strong) return { decision: 'deny', summary: 'The caller stated no disqualifier and answered the qualifying questions.', evidence: g.evidence };
  // Declining is not one of the four disqualifiers (age, covered and not looking, no means, not the decider).
  // Not when the caller's words come near cover the rules did not read ("might have one through my old job"):
  // those are for an admin, below (decision 263).
  const declined = r.callerLines.find((l) => DECLINES.test(l.text));
  if (declined && !r.callerLines.some((l) => COVER_HINT.test(l.text))) {
    return { decision: 'deny', summary: 'The caller declined without stating any disqualifier.', evidence: [quoteOf(declined)] };
  }
  // Without a full conversation, a denial rests on the caller's own words only when nothing in the call comes near a
  // disqualifier: no hint of one from the caller (money tight, someone else handling things, some cover, a birth year
  // or someone else's age beside the caller's), and no disqualifier claimed by the agent (which the caller never said).
  const unreadYear = (l: TranscriptLine, i: number) => BIRTH_YEAR.test(l.text) && (callYear === null || birthYearIn(l, r.lines[i - 1]) === null);
  const hint = r.lines.find(
    (l, i) => HINTS.test(l.text) || (l.role === 'caller' && (unreadYear(l, i) || THIRD_AGE.test(l.text))) || (l.role === 'agent' && CLAIMS.test(l.text)),
  );
  // A hint the caller's own words then answer: after it they ask what a policy would cost them, name what they
  // would pay or accept, and they give an age in range: a buyer, not a disqualified caller (decision 243).
  const lastHint = hint ? Math.max(...r.lines.map((l, i) => (l === hint || HINTS.test(l.text) ? i : -1))) : -1;
  const buys = r.lines
    .slice(lastHint + 1)
    .find((l, j) => l.role === 'caller' && (ASKS_PRICE.test(l.text) || ACCEPTS.test(l.text) || namesBudget(l, r.lines[lastHint + j])));
  const ageInRange = r.lines.find((_, i) => inAgeRange(r, i, callYear));
  if (hint && buys && ageInRange && !doubt && !r.lines.some((l) => l.role === 'agent' && CLAIMS.test(l.text))) {
    return {
      decision: 'deny',
      summary: `The caller gave an age in the product's range and, after words near a disqualifier, asked what a policy would cost or named what they would pay.`,
      evidence: [quoteOf(ageInRange), quoteOf(hint), quoteOf(buys)],
    };
  }
  if (hint) {
    return {
      decision: 'human',
      summary: 'Something in the call comes near a disqualifier without the caller stating one; an admin reads it.',
      evidence: [quoteOf(hint), ...g.evidence],
    };
  }
  // The caller's own words put them in the age range, and they state none of the other disqualifiers.
  const inRange = r.lines.find((_, i) => inAgeRange(r, i, callYear));
  // Labels read as plainly swapped are read swapped for a denial (decision 243); the age in range is then the words
  // under the agent's label (decision 263).
  if (inRange && (!doubt || doubt === SWAPPED)) {
    return {
      decision: 'deny',
      summary: `The caller gave an age in the product's range (${AGE_RANGE.min} to ${AGE_RANGE.max}) and stated no disqualifier.`,
      evidence: [quoteOf(inRange)],
    };
  }
  // A long call (more than five minutes past the buffer) on which the agent asked no qualifying question while the
  // caller talked on: nothing disqualifying was said, and the agent never asked.
  const long = typeof input.bufferSeconds === 'number' && input.durationSeconds > input.bufferSeconds + LONG_CALL_SECONDS;
  if (long && !r.lines.some(asksQualifying) && r.callerLines.length >= STAYED_LINES && !doubt) {
    return {
      decision: 'deny',
      summary: `The caller stayed ${input.durationSeconds} seconds on a call on which the agent asked no qualifying question, and stated no disqualifier.`,
      evidence: [lengthLine(input.durationSeconds), quoteOf(r.callerLines[r.callerLines.length - 1]!)],
    };
  }
  return {
    decision: 'human',
    summary: 'The transcript shows neither a disqualifier nor a full qualifying conversation.',
    evidence: [lengthLine(input.durationSeconds), ...g.evidence],
  };
}
