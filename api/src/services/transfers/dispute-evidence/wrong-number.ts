// The wrong-number rule: the caller's own denial that the call is for them, not hedged nor taken back.
import { AWAY, GENUINE_ANSWERS, RELATIVE_SPEAKS, TAKES_BACK, genuine, inDoubt, lengthLine, takenBackAfter, type Reading } from './caller-statements.ts';
import { UNHEARD, quoteOf } from './transcript.ts';
import type { DisputeEvidenceInput, DisputeVerdict } from './types.ts';

/** The caller said the call is not for them or that they never asked for it. */
export const DENIES_ASKING = new RegExp(
  [
    // wrong number, in English or Spanish, or dialled wrong
    /\bwrong (number|person|line|digits|house|guy|lady|man|woman|fella)\b|n[úu]mero equivocado|\best[áa] equivocad[oa]\b|\bse equivoc(?:ó|o)|\b(dial(l)?ed|dialing) (it )?wrong\b|\bmisdial/,
    // nobody there by the name asked for, or the caller does not know them
    /\bnobody (by that name|named|(by |with )?(this|that) name)\b|\bno(body)? (one )?named that\b|\bthere'?s no \w+ here\b|\bain'?t no(body)? \w+ (here|at this)\b|\bnadie con ese nombre\b|\bno (lo|la) conozco\b/,
    /\b(nobody|no one|anybody|anyone)\b[^.?!]{0,30}\bby (that|this) name\b/,
    /\bi (don'?t|do not|not|no) know (a|an|any|anybody|anyone|no|her|him|them|who that is|th(at|is) (person|name|lady|man))\b|\bi don'?t know who you are\b/,
    // the number is not the prospect's (any more)
    /\bnot (her|his|their|the right) (number|phone|house)\b|\b(had|used) (this|the) (number|phone) before\b|\bi'?ve had (it|this (number|phone)) (since|for)\b|\b(just )?got this number\b|\bjust got (it|this (number|phone))\b|\bused to be (her|his|their) number\b|\b(old|outdated) information\b/,
    // never asked
    /\bnever (asked|ask|requested|put my number|signed up|filled)\b|\b(didn'?t|did not|haven'?t|have not|ain'?t) (fill|sign(ed)? up|request|ask|put)|\bi no ask\b|\b(me|i) no call\b|\bnobody (here |there )?(asked|ask|called|requested)\b|\b(nobody|no one) (at|in|from) (this|the|our) (office|house|home|number|shop|business|church)\b[^.?!]{0,12}\b(asked|called|requested)\b/,
    // a business's or someone's own line, not the prospect's
    /\bthis is (a|my|the) (business|work|shop|office|store|restaurant|company) (line|phone|number)\b/,
    /\bnot by me\b|\bthis is a business line\b/,
  ]
    .map((r) => r.source)
    .join('|'),
  'i',
);

/**
 * Nobody of the name asked for is there ("No Leon here.", "No Gilbert."): "No" and a capitalised name (read with
 * case, so that "no idea" or "no thanks" is not a name).
 */
const NOBODY_NAMED =
  /(?:^|[.!?,]\s*)No,? (?!(?:[Ii]dea|[Tt]hanks?|[Ww]ay|[Pp]roblem|[Ss]ir|[Mm]a'?am|[Oo]ne|[Nn]eed|[Mm]ore|[Ww]ait|[Ss]orry|[Hh]oney|[Bb]aby|[Dd]ear|[Ss]weetie|[Mm]an|[Mm]ister|[Mm]iss|[Mm]rs?|[Mm]s|[Ss]e[ñn]or\w*|[Gg]racias|English|Spanish|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|I|It|That|This|Not|No|Nope|God|Lord)\b)[A-Z][a-z]+(?: [A-Z][a-z]+)?(?: here)?(?:[.!]|$)|\b[Nn]o [A-Z][a-z]+ (?:here|lives here|at this number)\b|\b(?:[Ww]e|I) (?:don'?t|do not) have (?:a|an|any) [A-Z][a-z]+\b(?![\w ]{0,25}\b(?:plan|policy|insurance|coverage))/;

/** Where the caller denies the call is for them, in a line (null when they do not). */
export const denialIn = (text: string): RegExpExecArray | null => DENIES_ASKING.exec(text) ?? NOBODY_NAMED.exec(text);

/** What answered is not a person who could be the prospect: a phone menu, an office's recording, a fax. */
export const NOT_A_PERSON = /\bpress (one|two|1|2)\b|\byou'?ve reached the (office|offices) of\b|\boffice hours\b|\bthis is a government office\b|\[fax\b/i;

/** The caller, without denying anything, says they are the one who asked, or that they want the cover (decision 263:
 * "I asked about the funeral policy", "I've been waiting for your call", "I want a small policy"). */
export const CONFIRMS_ASKING =
  /\b(yes|yeah|right|oh right|sure),? i did\b|\bi did ask\b|\bthat'?s me\b|\bthat was me\b|\bi'?m the one (who|that) asked\b|\bi asked (about|for) (it|that|this|the|a|some|burial|funeral|final|life|insurance)\b|\b(i'?ve|i have) been waiting (for|on) (your|the|this|a) call\b|\bi want (a|the|some) (small |little )?(policy|quote|coverage|plan)\b|\bi want to (know|hear|see) (the|your|about the) (prices?|rates?|cost|plans?)\b/i;

/** The caller is unsure whether they asked, or someone else asked for them. */
export const UNSURE_WHO_ASKED = /\bdon'?t remember\b|\bmust have (filled|put|signed)\b|\bwas my (husband|wife|mother|father)\b|\b(he|she) passed\b/i;

/** A denial the caller hedges: they, or someone of theirs, may have asked after all ("My wife Dorothy did fill something
 * out", decision 263). */
export const HEDGES =
  /\b(my|her|his) (son|daughter|husband|wife|kids?|grandson|granddaughter|niece|nephew|mom|mother|mama|dad|father|sister|brother)('s| is)? (always |probably |must have )?(put|putting|puts|signed|signing|signs|filled|filling|fills|sent|sending)\b|\b(my|her|his) (son|daughter|husband|wife|kids?|grandson|granddaughter|niece|nephew|brother|sister) (did|signed me up|filled it|put me)\b|\bdon'?t remember\b|\bi (might|may|must|could) have\b|\bmaybe i did\b|\b(my|her|his) (son|daughter|husband|wife|kids?|grandson|granddaughter|niece|nephew) (might|may|must|could|probably) (have|did)\b|\bwas my (husband|wife|son|daughter)\b|\b(that'?s|it'?s|\w+'s) my (last |first |middle |maiden )?name\b|\b(nobody|no one|everybody|everyone|folks|people) (calls?|call) me\b|\bi go by\b|\b(my|her|his|our) (son|daughter|husband|wife|kids?|grandson|granddaughter|niece|nephew|mom|mother|mama|dad|father|sister|brother)(?: \w+)? (?:did (?:fill|sign|ask|send|call|put)|filled|signed|sent|asked|wanted|wants|mentioned|talked|was (?:looking|asking|talking))\b/i;

/** After denying, the caller stays to hear about it ("Well, I guess, since you're on the phone"; "is this the
 * insurance?", decision 263). */
export const STAYS_ON =
  /\bi guess\b|\bgo ahead\b|\btell me (about it|more)\b|\bwhat is it\b|\bwhat'?s (this|it) about\b|\bwhat is (this|it) about\b|\bi could use (that|it|some)\b|\bsince you'?re on the phone\b|\bi'?ll listen\b|\bis (?:this|it|that) (?:about )?(?:the |that |some )?(?:insurance|burial|funeral|policy|final expense|life insurance)\b/i;

/** The caller says the person asked for is not there at all, or the number is wrong (not only that nobody asked). */
export const NO_SUCH_PERSON =
  /\bwrong (number|person|line|digits|house)\b|\bnobody\b|\bno one\b|\bain'?t no\b|\bthere'?s no\b|\bdon'?t know\b|\bequivocad|\bnadie\b/i;

/**
 * Someone on the prospect's phone speaking of the prospect as one of the household: they live there, said someone
 * would call or wanted the cover, or can be called back at a time the speaker gives.
 */
const SPEAKS_OF_PROSPECT =
  /\b(she|he|mama|momma|mom|dad|daddy|grandma|grandpa|granny)\b[^.?!]{0,20}\b(said|told me|mentioned|was (gonna|going to|looking|talking|worried)|filled|asked|wants?|wanted)\b|\blives? (here|with (us|me))\b|\b(his|her|their) (house|home|cell)? ?(phone|number)\b|\b(try|call)( (her|him|back|again))? (after|around|before|at|tomorrow|tonight|later)\b|^(after|around|before) (\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|lunch|supper|dinner)\b/i;

/** The line is the speaker's own, or the prospect lives elsewhere: not the prospect's household. */
const OWN_LINE =
  /\b(this is|it'?s) my (own )?(cell|phone|number|line|work phone)\b|\bmy \w+'?s (cell|phone|number)\b|\b(she|he) lives (in|over|out|up|down|with (my|her|his))\b|\b(doesn'?t|don'?t|does not) live here\b|\bmaybe\b|\bno s[ée]\b/i;

/** A recorded greeting ("You've reached Earl and Nadine Pruitt"): the names it gives. */
const GREETING = /\b[Yy]ou'?ve reached (?:the )?((?:[A-Z][a-z]+(?: and |, | )?){1,4})/;
/** The agent asks for someone by name: "is this Ruth?", "am I speaking with", "looking for", "may I speak with". */
const ASKS_FOR_SOMEONE = /\b(is this|am i speaking (with|to)|looking for|may i speak (with|to)|is that|calling for|trying to reach)\b/i;
/** The caller says they are that person, opening their line. */
const IS_ME = /^(yes|yeah|yep|yup|uh-huh|speaking|this is (she|he|her|him)|that'?s me|it is|it'?s me|s[íi])\b/i;
export const DIED = /\b(passed|died|dead|deceased|hospice)\b/i;

export function wrongNumber(input: DisputeEvidenceInput, r: Reading, doubt: string | null): DisputeVerdict {
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [lengthLine(input.durationSeconds)] };
  const g = genuine(r);
  const machine = r.callerLines.find((l) => NOT_A_PERSON.test(l.text));
  // A machine that answered says nothing of whether the number is the prospect's (the labelling guide approves a
  // wrong number on a caller who says so): unless a person then denies it, an admin listens.
  const person = r.callerLines.some((l) => denialIn(l.text) !== null);
  if (machine && !person && !r.answers.length && !g.strong) {
    return {
      decision: 'human',
      summary: "The call reached a phone menu, an office's recording or a machine; no person said it is not the prospect's number.",
      evidence: [quoteOf(machine)],
    };
  }
  const denial = r.callerLines.find((l) => denialIn(l.text) !== null);
  if (denial) {
    const m = denialIn(denial.text)!;
    // Taken back later in the same breath ("wrong number! No, I'm teasing you, this is Earl") or in a later line.
    // Taken back: the caller says it is them after all, tells their details, accepts, lets an application start.
    const takenBack = takenBackAfter(r, denial, m.index + m[0].length);
    const laterAnswers = r.answers.filter((a) => r.lines.indexOf(a.answer) > r.lines.indexOf(denial));
    // A denial the caller hedges ("my son might have"), or after which they stay to hear about it, is for an admin.
    const hedge =
      r.callerLines.find(
        (l) => l !== denial && r.lines.indexOf(l) > r.lines.indexOf(denial) && (HEDGES.test(l.text) || STAYS_ON.test(l.text) || CONFIRMS_ASKING.test(l.text)),
      ) ??
      (HEDGES.test(denial.text) || STAYS_ON.test(denial.text.slice(m.index + m[0].length)) || /^\s*\?/.test(denial.text.slice(m.index + m[0].length))
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
    // "Wrong person" alone says the speaker is not the one asked for, not that the number is not the prospect's (a
    // shared phone, a brush-off): approved only with more words of the caller's (a name, never asked, the number).
    const more = r.callerLines.some((l) => denialIn(l.text.replace(/\bwrong person\b/gi, '')) !== null || /\b(this is|i'?m|my name is) [A-Z]/.test(l.text));
    if (!takenBack && !laterAnswers.length && !g.strong && !more) {
      return {
        decision: 'human',
        summary: 'The caller said only "wrong person", not who they are nor that the prospect is not on this number.',
        evidence: [quoteOf(denial)],
      };
    }
    if (!takenBack && !laterAnswers.length && !g.strong) {
      if (doubt) return inDoubt(doubt, [quoteOf(denial)]);
      // Caller words not made out may hold what takes the denial back (decision 263).
      const unheard = r.callerLines.find((l) => UNHEARD.test(l.text));
      if (unheard) return { decision: 'human', summary: "Some of the caller's words were not made out.", evidence: [quoteOf(denial), quoteOf(unheard)] };
      return { decision: 'approve', summary: 'The caller said it was a wrong number or that they never asked for the call.', evidence: [quoteOf(denial)] };
    }
    // Taken back and then a qualifying question answered: the guide's "usually deny" (decision 243).
    if (takenBack && (g.strong || laterAnswers.some((a) => r.lines.indexOf(a.answer) > r.lines.indexOf(takenBack)))) {
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
  // Or they speak of the prospect as one who lives there, said someone would call, or can be called back: the number
  // reached the prospect's household.
  const relative = r.callerLines.find((l) => RELATIVE_SPEAKS.test(l.text));
  const away = r.callerLines.find((l) => AWAY.test(l.text));
  const knows = r.callerLines.find((l) => SPEAKS_OF_PROSPECT.test(l.text));
  // Not when the speaker says the line is their own, the prospect lives elsewhere, or they are unsure.
  const apart = r.callerLines.find((l) => OWN_LINE.test(l.text) || UNSURE_WHO_ASKED.test(l.text) || HEDGES.test(l.text));
  if (((relative && (away || knows)) || (away && knows)) && !apart && !doubt && !r.callerLines.some((l) => DIED.test(l.text))) {
    const evidence = [...new Set([relative, away, knows].filter((l): l is NonNullable<typeof l> => l !== undefined))].map(quoteOf);
    return {
      decision: 'deny',
      summary: "Someone on the prospect's phone spoke of the prospect as away for now, living there or reachable there: that is not a wrong number.",
      evidence,
    };
  }
  // A recorded greeting that names the person the agent asked for: the number is the prospect's.
  const greeting = r.callerLines.find((l) => NOT_A_PERSON.test(l.text) || GREETING.test(l.text));
  const named = greeting ? (GREETING.exec(greeting.text)?.[1]?.match(/[A-Z][a-z]{2,}/g) ?? []) : [];
  const asked = r.lines.find((l) => l.role === 'agent' && named.some((n) => new RegExp(`\\b${n}\\b`).test(l.text)));
  if (greeting && asked && !doubt && !r.callerLines.some((l) => denialIn(l.text) !== null)) {
    return {
      decision: 'deny',
      summary: 'The recorded greeting names the person the agent asked for: the number is theirs.',
      evidence: [quoteOf(greeting), quoteOf(asked)],
    };
  }
  // Unsure who asked, unless the caller then remembers ("Oh yes, I did fill that out").
  const unsure = r.callerLines.find(
    (l) => UNSURE_WHO_ASKED.test(l.text) && !r.lines.slice(r.lines.indexOf(l) + 1).some((m) => m.role === 'caller' && TAKES_BACK.test(m.text)),
  );
  if (g.strong && !unsure) {
    return { decision: 'deny', summary: 'The caller never denied asking and answered the qualifying questions.', evidence: g.evidence };
  }
  // The caller answered the agent's "is this <name>?" as that person, and answered a qualifying question (two, if
  // unsure who asked): the lead was reached, whoever filled in the form (decision 243).
  const itsMe = r.callerLines.find((l) => {
    const before = r.lines[r.lines.indexOf(l) - 1];
    if (before?.role !== 'agent' || !ASKS_FOR_SOMEONE.test(before.text)) return false;
    // "This is Otis." to "Is this Mr. Otis Benford?": the name asked for, said as the caller's own.
    const named = /^(?:[Tt]his is|[Ii]t'?s|I'?m) ([A-Z][a-z]+)\b/.exec(l.text)?.[1];
    return IS_ME.test(l.text) || (named !== undefined && new RegExp(`\\b${named}\\b`).test(before.text));
  });
  if (itsMe && r.answers.length >= (unsure ? 2 : 1) && !doubt) {
    return {
      decision: 'deny',
      summary: 'The caller said they were the person asked for and answered the qualifying questions.',
      evidence: [quoteOf(itsMe), ...g.evidence],
    };
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
