// The hung-up rule (issue 33): the platform's record of who ended the call and when, and the order of the caller's
// last words and the agent's first qualifying question.
import { statedAge } from './ages.ts';
import { AWAY, CANNOT_HEAR, COMPANY, QUALIFYING_QUESTION, RELATIVE_SPEAKS, asksQualifying, data, genuine, inDoubt, type Reading } from './caller-statements.ts';
import { UNHEARD, quoteOf } from './transcript.ts';
import type { DisputeEvidenceInput, DisputeVerdict, EvidenceQuote } from './types.ts';

/**
 * A hang-up is approved only on a call the platform says the caller ended at most this many seconds past its
 * tier's buffer (calls within the buffer are free already): a caller who left in the first two minutes of a
 * billed call. Longer calls are for an admin, or denied.
 */
export const HANG_UP_WINDOW_SECONDS = 120;

/** Caller lines about the coverage (its cost, the funeral, the papers) that show a caller who stayed to talk. */
export const ABOUT_COVERAGE = /\b(funeral|burial|bury|cremat\w*|coverage|policy|insurance|premium|cost|price|in the mail)\b/i;
export const ENGAGED_LINES = 3;

/**
 * The agent's questions that only open a call: who is on the line, who is calling, whether the caller can hear or
 * has a moment, how they are, whether they asked for the call. Every other question may be a qualifying one.
 */
const OPENING_QUESTION =
  /\b(is this|am i (speaking|talking) (with|to)|may i speak|can i speak|are you (mr|mrs|ms|miss)\b|is \w+ (there|home|available|in|around)|can you hear me|hear me( now)?|still there|hello|how are you|how('?re| are) you( doing)?|how'?s (your|it going)|good time|better time|a (minute|moment|second)|you (requested|asked|filled|sent|were looking)|did you (request|ask|fill|send|get)|remember (filling|requesting|asking)|right (number|person)|speak english|permission|understand|recorded|call (you )?back|(his|her|their|a good|your) (number|phone)|you'?re (in|at|down|up|over|out)\b|where are you|hablo con|habla con|se[ñn]or(a|ita)?|who'?s (this|calling|speaking)|interested|is that (right|correct)|that right|(can|could|may) i (tell|explain|share|go over|walk you through)|would (later|tomorrow|another time|this evening|the (morning|afternoon|evening))[\w ]{0,10} (work|be better)|when (can|could|should|would|is) (i|it)|what time)\b/i;

/** A question that only names who is asked for ("Good morning, Mrs. Delphine Arceneaux?"). */
const NAME_ONLY =
  /^[\s,]*(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Hh]ola|[Gg]ood (?:morning|afternoon|evening)|[Yy]es|[Oo]kay|[Ss]o)[\s,]+)*(?:(?:[Mm]r|[Mm]rs|[Mm]s|[Mm]iss|[Dd]r|[Ss]ir|[Mm]a'?am)\.?\s+)?(?:[A-Z][\w'.-]*\s*){1,4}\?$/;

/** The agent's question sentences in a line that may be qualifying ones (every question but the call's opening). */
const otherQuestions = (text: string) =>
  (text.match(/[^.?!¿]*\?/g) ?? []).filter((q) => QUALIFYING_QUESTION.test(q) || (!OPENING_QUESTION.test(q) && !NAME_ONLY.test(q.trim())));

/** Both talking at once: what the agent said there is unknown too. */
const CROSSTALK = /\[[^\]]*\b(crosstalk|cross-talk|talk(s|ing)? over|overlapping)\b[^\]]*\]/i;
/** A line whose words were mostly not made out: a note, and fewer than four words besides. */
const mostlyUnheard = (text: string) =>
  UNHEARD.test(text) &&
  text
    .replace(/\[[^\]]*\]/g, ' ')
    .split(/\s+/)
    .filter((w) => /\w/.test(w)).length < 4;

/** A caller asking whether anyone is on the line. */
const ANYONE_THERE = /\b(any(body|one|body) (there|on the line|home)|are you (still )?there|you (still )?there|is someone there|(hay|est[áa]) alguien)\b/i;

/** A line that is only "Hello?" (or "Hola?"), said once or more. */
const HELLO_ONLY = /^(\W*(hello|hola|helloo+|yes|yeah)\W*)+$/i;

/** The caller said no more than this many lines: a greeting, a question, a refusal. */
export const HANG_UP_MAX_CALLER_LINES = 3;
export const ENDED_BY_WORDS = { caller: 'the caller', agent: 'the agent', platform: 'the platform (the line was cut)' } as const;

/** The platform's record of the call's end, as a line of evidence. */
export function endLine(input: DisputeEvidenceInput): EvidenceQuote {
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
export function hungUp(input: DisputeEvidenceInput, r: Reading, doubt: string | null): DisputeVerdict {
  const end = endLine(input);
  if (!r.lines.length) return { decision: 'human', summary: 'The call has no transcript to read.', evidence: [end] };
  const g = genuine(r);
  // The caller's words after a qualifying question were not made out ("[inaudible]"): whether they answered it
  // cannot be told, whatever the platform's record says (decision 243).
  const asked0 = r.lines.findIndex(asksQualifying);
  const unheard = asked0 >= 0 ? r.lines.slice(asked0 + 1).find((l) => l.role === 'caller' && UNHEARD.test(l.text)) : undefined;
  if (unheard) {
    return {
      decision: 'human',
      summary: "The caller's words after a qualifying question were not made out.",
      evidence: [end, quoteOf(r.lines[asked0]!), quoteOf(unheard)],
    };
  }
  const window0 = typeof input.bufferSeconds === 'number' ? input.bufferSeconds + HANG_UP_WINDOW_SECONDS : null;
  // Past the window, on the platform's record alone: a caller who stayed more than two minutes past the buffer and then
  // hung up, or whose line the platform cut (the caller did not hang up at all), did not leave before the questions.
  if (window0 !== null && input.durationSeconds > window0 && (input.endedBy === 'caller' || input.endedBy === 'platform')) {
    const lastWords = r.callerLines[r.callerLines.length - 1];
    return {
      decision: 'deny',
      summary: `The call lasted ${input.durationSeconds} seconds, more than ${HANG_UP_WINDOW_SECONDS} s past its ${input.bufferSeconds} s buffer, before ${input.endedBy === 'caller' ? 'the caller hung up' : 'the platform cut it'}.`,
      evidence: [end, ...(lastWords ? [quoteOf(lastWords)] : [])],
    };
  }
  // The caller called into silence after the agent's last words ("Hello? Anybody there?") and left: the agent left
  // them waiting. Asked more than once, or in so many words, the agent caused it; a single "Hello?" is for an admin.
  const lastAgent = r.lines.map((l) => l.role).lastIndexOf('agent');
  const intoSilence = r.lines.slice(lastAgent + 1).filter((l) => l.role === 'caller' && (ANYONE_THERE.test(l.text) || HELLO_ONLY.test(l.text)));
  if (lastAgent >= 0 && intoSilence.length && input.endedBy === 'caller') {
    const waited = intoSilence.length > 1 || intoSilence.some((l) => ANYONE_THERE.test(l.text));
    return {
      decision: waited ? 'deny' : 'human',
      summary: waited
        ? "The caller called into silence after the agent's last words and then left: the agent left them waiting."
        : 'The caller\'s last words were a single "Hello?" after the agent\'s: whether anyone could hear is for an admin.',
      evidence: [end, quoteOf(r.lines[lastAgent]!), ...intoSilence.slice(0, 2).map(quoteOf)],
    };
  }
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
  const topic = r.lines.find((l) => l.role === 'agent' && QUALIFYING_QUESTION.test(l.text.replace(COMPANY, '$1 ')));
  if (topic && r.lines.indexOf(lastCaller) > r.lines.indexOf(topic)) {
    return {
      decision: 'human',
      summary: 'The caller spoke after the agent raised a qualifying topic; whether it was asked is for an admin.',
      evidence: [end, quoteOf(topic), quoteOf(lastCaller)],
    };
  }
  // Inside the window with the platform saying the caller ended it, a chatty caller who left before any qualifying
  // question is what the guide approves (decision 243); otherwise the talk is for an admin.
  if (!firstQuestion && r.callerLines.length > HANG_UP_MAX_CALLER_LINES && !(within && input.endedBy === 'caller')) {
    return { decision: 'human', summary: 'The caller talked for a while and the agent asked no qualifying question.', evidence: [end, quoteOf(lastCaller)] };
  }
  // Any other question of the agent's that the caller spoke after, unless it only opens the call (who is on the line,
  // can they hear, is it a good time): the rules cannot tell every qualifying question, so an admin reads it.
  const asked = r.lines.find((l, i) => l.role === 'agent' && otherQuestions(l.text).length > 0 && i < r.lines.indexOf(lastCaller));
  if (asked) {
    return {
      decision: 'human',
      summary: "The caller spoke after an agent's question that may have been a qualifying one; an admin reads it.",
      evidence: [end, quoteOf(asked), quoteOf(lastCaller)],
    };
  }
  const evidence = [end, quoteOf(lastCaller), ...(firstQuestion ? [quoteOf(firstQuestion)] : [])];
  // An agent line before the caller's last words that was not made out may have held a qualifying question (decision
  // 243); so may the caller's own words not made out, or talk over each other, up to their last (decision 263): what
  // was asked and answered there is unknown.
  const unclear = r.lines.find(
    (l, i) =>
      (l.role === 'agent' && UNHEARD.test(l.text) && i < r.lines.indexOf(lastCaller)) ||
      (l.role === 'caller' && i <= r.lines.indexOf(lastCaller) && (CROSSTALK.test(l.text) || mostlyUnheard(l.text))),
  );
  if (unclear) {
    return {
      decision: 'human',
      summary: "A line up to the caller's last words was not made out: it may have held a question or an answer.",
      evidence: [end, quoteOf(unclear)],
    };
  }
  if (doubt) return inDoubt(doubt, evidence);
  // Someone else answered the prospect's phone and spoke of them ("she's sleeping, call back"): the prospect never
  // came on, which is for an admin to weigh, not a caller who hung up.
  // One who says who they are ("This is his son") speaks as themselves on the line, and their words count as the
  // caller's (the labelling guide): leaving before the questions is then approved like the prospect's (decision 243).
  const stander = r.callerLines.find((l) => RELATIVE_SPEAKS.test(l.text) || AWAY.test(l.text));
  if (stander && !r.callerLines.some((l) => RELATIVE_SPEAKS.test(l.text))) {
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
