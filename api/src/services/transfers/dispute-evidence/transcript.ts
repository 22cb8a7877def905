// Reading a transfer transcript: lines `Speaker: words`, optionally prefixed `[mm:ss]`, and who is the agent.
import type { EvidenceQuote } from './types.ts';

export type Role = 'agent' | 'caller';

export interface TranscriptLine {
  at: string | null;
  /** Seconds from the call's start, when stamped. */
  seconds: number | null;
  speaker: string;
  text: string;
  role: Role;
}

const LINE = /^\s*(?:\[(\d{1,3}):(\d{2})\]\s*)?([^:[\]]{1,40}?)\s*:\s*(.*)$/;
/**
 * A transcriber's note, not anyone's words: a line that is all in brackets, after an optional stamp ("[caller
 * disconnected]", "[00:12] [hold music]", "[silence 40 seconds]"). It is read as no one's line (and not as an
 * unlabelled line); the rules rest nothing on it.
 */
const NOTE = /^\s*(?:\[\d{1,3}:\d{2}\]\s*)?(?:\[[^\]]*\]\s*)+$/;
const AGENT_LABEL = /\b(agent|rep|representative|advisor|producer|broker|closer)\b/i;
const CALLER_LABEL = /\b(caller|customer|prospect|client|lead|consumer|applicant|insured)\b/i;
// What an agent says and a caller does not: an introduction, the company, holding, the licence.
const AGENT_TALK =
  /\blicensed\b|\bmy name is\b|\bthanks? (you )?for holding\b|\bthis is \w+ (with|from|at)\b|\bi'?m \w+ (with|from)\b|\bit'?s \w+,? (with|from|over at)\b|^(hi|hey)[^.?!]*\b\w+ here\b|\bi'?m the (licensed )?agent\b|\bhow are you\b|\bhow'?s your day\b|^(hi|hello|hey|good (morning|afternoon|evening)|alright|okay|so)\b[^.?!]{0,40}\b\w+ (here )?(with|from) \w+|\bi (just )?need your\b|\blet me (get|grab|have) your\b|\btell me (if|how|your|what)\b|\bfirst thing\b|\b(a|the) form was\b|\b(the|our) plans? (i|we) (have|offer)\b|\bour plans\b|\bthanks for letting me know\b|\bsorry to bother you\b|\bi'?d (point|refer) you\b/i;

/** A note telling of words said: asking, answering, quoting, saying. */
const TELLS_OF_WORDS =
  /\b(asks?|asked|asking|questions?|answers?|answered|answering|quotes?|quoted|prices?|says?|said|tells?|told|repeats?|age|birth|health|smok\w*|beneficiary|budget|coverage amount|inaudible|unintelligible|crosstalk)\b/i;

function agentScore(lines: { text: string }[]): number {
  // What only an agent says (the licence, "is this Mrs. ...?", "may I speak with") counts too (decision 263).
  return lines.reduce((s, l) => s + (AGENT_TALK.test(l.text) || STRONG_AGENT_TALK.test(l.text) ? 2 : 0) + (l.text.includes('?') ? 1 : 0), 0);
}

/** Parses the lines and gives each speaker a role: by the label (Agent, Caller...) or, for names, by how they talk. */
export function readTranscript(text: string | null): TranscriptLine[] {
  return readSpeakers(text).lines;
}

/** The lines with their roles, and whether the agent was picked between unlabelled speakers scored alike. */
function readSpeakers(text: string | null): { lines: TranscriptLine[]; tied: boolean } {
  if (!text) return { lines: [], tied: false };
  let tied = false;
  const raw: { at: string | null; seconds: number | null; speaker: string; text: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || NOTE.test(line)) continue;
    const m = LINE.exec(line);
    if (!m) {
      // A line without a speaker continues the one before.
      const last = raw[raw.length - 1];
      if (last) last.text = `${last.text} ${line.trim()}`;
      continue;
    }
    const at = m[1] !== undefined ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
    raw.push({ at, seconds: m[1] !== undefined ? Number(m[1]) * 60 + Number(m[2]) : null, speaker: m[3]!.trim(), text: m[4]!.trim() });
  }
  const speakers = [...new Set(raw.map((l) => l.speaker))];
  const roles = new Map<string, Role>();
  const unknown: string[] = [];
  for (const s of speakers) {
    if (AGENT_LABEL.test(s)) roles.set(s, 'agent');
    else if (CALLER_LABEL.test(s)) roles.set(s, 'caller');
    else unknown.push(s);
  }
  if (unknown.length) {
    // An agent also calls the caller by name ("Hi Earl", "Ruby, the one who asked?"); a caller rarely names the agent.
    const names = (s: string) => speakers.filter((o) => o !== s).map((o) => new RegExp(`\\b${o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'));
    const scores = unknown.map((s) => {
      const own = raw.filter((l) => l.speaker === s);
      const others = names(s);
      return { s, score: agentScore(own) + 2 * own.filter((l) => others.some((n) => n.test(l.text))).length };
    });
    const agentKnown = [...roles.values()].includes('agent');
    const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
    for (const { s } of scores) roles.set(s, !agentKnown && s === best.s && best.score > 0 ? 'agent' : 'caller');
    // Two unlabelled speakers who talk alike as much: which one is the agent is a guess.
    tied = !agentKnown && best.score > 0 && scores.some((o) => o.s !== best.s && o.score === best.score);
  }
  swapIfReversed(raw, roles);
  return { lines: raw.map((l) => ({ ...l, role: roles.get(l.speaker)! })), tied };
}

/**
 * Labels plainly swapped: of two speakers, the one labelled as the caller introduces themself as the agent does (the
 * licence, the company, "is this Mrs. ...?") and asks, while the one labelled as the agent never talks as an agent nor
 * asks anything. Their roles are swapped; anything less plain stays in doubt (labelsInDoubt).
 */
function swapIfReversed(raw: { speaker: string; text: string }[], roles: Map<string, Role>): void {
  if (roles.size !== 2) return;
  const [a, b] = [...roles.entries()];
  const caller = a![1] === 'caller' ? a![0] : b![1] === 'caller' ? b![0] : null;
  const agent = a![1] === 'agent' ? a![0] : b![1] === 'agent' ? b![0] : null;
  if (!caller || !agent) return;
  const said = (s: string) => raw.filter((l) => l.speaker === s);
  const callerTalksAsAgent =
    said(caller).some((l) => STRONG_AGENT_TALK.test(l.text) || INTRODUCES.test(l.text)) && said(caller).some((l) => l.text.includes('?'));
  const agentTalksAsCaller = said(agent).every((l) => !AGENT_TALK.test(l.text) && !STRONG_AGENT_TALK.test(l.text) && !l.text.includes('?'));
  if (callerTalksAsAgent && agentTalksAsCaller) {
    roles.set(caller, 'agent');
    roles.set(agent, 'caller');
  }
}

/** What only an agent says: the licence, the company introduction, holding, the questions to come. */
const STRONG_AGENT_TALK =
  /\blicensed\b|\bthis is \w+ (with|from)\b|\bcalling (you )?from\b|\bthanks? (you )?for holding\b|\bi'?m the (licensed )?agent\b|\ba few (quick )?questions\b|\bam i speaking (with|to)\b|\bmay i speak (with|to)\b|\byou were (transferred|connected)\b|\bi'?m calling on behalf of\b|\bis this (mr|mrs|ms|miss)\b|\breturning your (request|inquiry)\b|\byou (requested|filled out)\b/i;
/**
 * The agent's qualifying questions put to the other speaker ("How old are you sir?", "Do you smoke?"): under the
 * caller's label, the labels may be swapped (decision 263). Not a caller asking about the product ("how old do you
 * have to be?").
 */
const ASKS_AS_AGENT =
  /\b(how old are you|what'?s your (age|date of birth|birth ?date|birthday)|when were you born|what year were you born|do you (smoke|use tobacco)|(any|have you had any) (major )?(health|medical) (problems|issues|conditions)|who('?s| is| would be| will be) your beneficiary)\b[^.?!]*\?/i;
/** Introducing oneself by name with a company ("I'm Ian with Evergreen Life"): the name and company capitalised. */
const INTRODUCES = /\b(?:I'?m|I am) [A-Z][a-z]+ (?:with|from|at) [A-Z]/;

/** Words the transcriber could not make out ("[inaudible]", "[static]", and since decision 263 "[line noise]", "[audio
 * drops]", "[agent speaks, muffled]"): what was said there is unknown. */
export const UNHEARD =
  /\[(?:[^\]]*\b(?:inaudible|unintelligible|unclear|garbled|static|crosstalk|cross-talk|breaking up|cuts? out|cut off|muffled|indistinct|noise|audio|drops?|dropped|talk(?:s|ing)? over|overlapping|speaks|speaking|mumbl\w*)\b[^\]]*)\]/i;

/** labelsInDoubt's answer when the labels were read as swapped: who said what is then the rules' reading. */
export const SWAPPED = "The speaker labels read as swapped (the caller's words under the agent's label).";

/**
 * Whether the speaker labels can be trusted to say who spoke (issue 33): not when some line has no label (its
 * words would be read as the line before's speaker's), when a label is really words (more than three of them
 * before a colon), or when a line labelled as the caller talks as only an agent does (labels swapped). The
 * rules approve nothing on caller words they cannot attribute; such a call goes to an admin.
 */
export function labelsInDoubt(text: string | null): string | null {
  if (!text) return null;
  // A transcriber's note that tells of words the transcript does not give ("[agent asks her age]"): who said what,
  // and whether a question came before the caller's last words, cannot be read.
  const told = text.split(/\r?\n/).find((l) => NOTE.test(l) && TELLS_OF_WORDS.test(l));
  if (told) return `A transcriber's note tells of words the transcript does not give (${told.trim().slice(0, 60)}).`;
  const nonEmpty = text.split(/\r?\n/).filter((l) => l.trim() && !NOTE.test(l));
  const unlabelled = nonEmpty.filter((l) => !LINE.exec(l));
  if (unlabelled.length) return `${unlabelled.length === 1 ? 'A line has' : `${unlabelled.length} lines have`} no speaker label.`;
  if (nonEmpty.some((l) => LINE.exec(l)![3]!.trim().split(/\s+/).length > 3)) return 'A line reads as words, not a speaker label.';
  const { lines, tied } = readSpeakers(text);
  // Nobody reads as the agent (no label says so, and no speaker talks as one): every line would count as the caller's.
  if (lines.length > 1 && !lines.some((l) => l.role === 'agent')) return 'No speaker reads as the agent.';
  if (tied) return 'Two speakers talk as much like the agent; which one is cannot be told.';
  // Labels read as swapped (swapIfReversed): the words can be read, for a denial, but who said them is a reading of
  // the rules, not the record: nothing is approved on them (decision 243).
  if (lines.some((l) => l.role !== roleByLabel(l.speaker) && roleByLabel(l.speaker) !== null)) return SWAPPED;
  // A speaker who introduces themselves by another speaker's label ("Peggy: Hi, this is Carl"): the names are swapped.
  const labels = [...new Set(lines.map((l) => l.speaker))].filter((s) => /^[A-Z][a-z]+$/.test(s));
  for (const l of lines) {
    const other = labels.find(
      (s) => s !== l.speaker && new RegExp(`\\b(this is|my name is|i'?m|it'?s) ${s}\\b|^(hi,? |hey,? )?${s} here\\b`, 'i').test(l.text),
    );
    if (other) return `A line labelled ${l.speaker} introduces itself as ${other}.`;
  }
  const swapped = lines.find((l) => l.role === 'caller' && (STRONG_AGENT_TALK.test(l.text) || INTRODUCES.test(l.text) || ASKS_AS_AGENT.test(l.text)));
  if (swapped) return `A line labelled as the caller talks as the agent does ("${swapped.text.slice(0, 60)}").`;
  return null;
}

function roleByLabel(speaker: string): Role | null {
  return AGENT_LABEL.test(speaker) ? 'agent' : CALLER_LABEL.test(speaker) ? 'caller' : null;
}

export function quoteOf(line: TranscriptLine): EvidenceQuote {
  return { quote: `${line.speaker}: ${line.text}`, at: line.at };
}

const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

/** "93", "ninety-three", "ninety three", "a hundred" → the number; anything else → null. */
export function numberFrom(words: string): number | null {
  const w = words.toLowerCase().trim();
  if (/^\d{1,3}$/.test(w)) return Number(w);
  if (/^(a|one) hundred$/.test(w)) return 100;
  const m = /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\s](one|two|three|four|five|six|seven|eight|nine))?$/.exec(w);
  if (m) return TENS[m[1]!]! + (m[2] ? UNITS[m[2]]! : 0);
  return UNITS[w] ?? null;
}

/** The pattern of a number a caller may say, in digits or words. */
export const NUMBER_WORDS =
  '(\\d{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[-\\s](?:one|two|three|four|five|six|seven|eight|nine))?|a hundred|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)';
