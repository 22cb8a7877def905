// The out-of-state rule: the platform's state of the call against the working states recorded at delivery,
// unless the caller's words put their home elsewhere.
import { US_STATES, toUsStateCode } from '@tm/shared/us-states';
import { data } from './caller-statements.ts';
import { SWAPPED, UNHEARD, labelsInDoubt, quoteOf, readTranscript, type TranscriptLine } from './transcript.ts';
import type { DisputeEvidenceInput, DisputeVerdict } from './types.ts';

export const LIVES_IN =
  /\b(?:i live in|i'?m living in|living in|(?:i|we) (?:just |recently |finally |already )?moved (?:up |down |over |out )?to|i'?m (?:actually |now )?in|i'?m down in|i'?m up in)\s+([A-Za-z]+(?: [A-Za-z]+)?)/i;

/** A caller line that says where the caller lives (not where they are today). */
export const RESIDENCE = /\b(i|we) (live|lived|reside|moved)\b|\bi'?ve lived\b|\bmy home('s| is)\b|\bliving (in|over|down|up|out)\b/i;

/** State names, longest first (so "West Virginia" is read before "Virginia"). */
export const STATE_NAME = new RegExp(
  `\\b(${US_STATES.map((s) => s.name)
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b`,
  'gi',
);

/**
 * Large cities whose name belongs to one state only (no Columbus, Portland, Springfield, Jackson, Kansas City...),
 * so that "I'm down here in Houston" places the caller. A city not listed places nobody: an admin reads it.
 */
export const CITIES: Record<string, string> = {
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
export const CITY_NAME = new RegExp(
  `\\b(${Object.keys(CITIES)
    .map((c) => c.replace('.', '\\.'))
    .join('|')})\\b(?!\\s+(?:county|parish))`,
  'gi',
);

/** The states a line names in words (not two-letter codes: "in", "ok" and "me" are words), or by a listed city's name. */
export function statesIn(text: string): string[] {
  const named = [...text.matchAll(STATE_NAME)].map((m) => toUsStateCode(m[1]!));
  const cities = [...text.matchAll(CITY_NAME)].map((m) => CITIES[m[1]!.toLowerCase()] ?? null);
  return [...new Set([...named, ...cities].filter((c): c is string => c !== null))];
}

/** A state's name (not a two-letter word such as "in" or "ok") at the start of `words`. */
export function stateNamed(words: string): string | null {
  const first = words.split(' ')[0]!;
  return (words.length > 2 ? toUsStateCode(words) : null) ?? (first.length > 2 ? toUsStateCode(first) : null);
}

/**
 * A caller line about where the caller lives, stays or gets mail, in any words: a city, a county, a care home, the
 * winter. The rules know states by name, not cities or counties, so such a line is read against the call's state.
 */
export const WHERE_TALK =
  /\b(i|we) (live|lived|reside|moved|stay|winter|summer|split)\b|\bi'?ve lived\b|\bliving (in|over|down|up|out|with)\b|\b(my )?home('s| is)\b|\bhere in\b|\bi'?m (actually |now |just )?(in|at|down|up|out|over|from)\b|\bcounty\b|\bparish\b|\bmail\b|\bmailing\b|\baddress\b|\bp\.?\s?o\.? box\b|\b(care|nursing|group) home\b|\bassisted living\b|\bstaying (with|at|in)\b|\bvisiting\b|\bsnowbird\b|\bfor the (winter|summer)\b|\bhalf the year\b|\bback and forth\b|\b(side|across the (river|line|border))\b/i;

/** Words that put the caller's home apart from the call's place: a season away, the mail, a care home, a move, a visit. */
export const HOME_ELSEWHERE =
  /\b(winter|summer|snowbird|half the year|back and forth|split)\w*\b|\bmail(ing)?\b|\bp\.?\s?o\.? box\b|\b(care|nursing|group) home\b|\bassisted living\b|\bmoved\b|\bvisiting\b|\bstaying (with|at|in)\b|\bhome is\b/i;

/** Words, in any caller line, that put the caller's home apart from the call's place for part of the year or soon
 * (decision 263: for now, moving, closing on a house, until, just here visiting, a house
 * elsewhere, a phone number from elsewhere). */
const PART_OF_YEAR =
  /\b(?:in|for|during) the (?:summer|winter)s?\b|\b(?:summers|winters)\b|\bsnowbird\b|\bhalf (?:the|of the) (?:year|week|month|time)\b|\bpart of the (?:year|week|time)\b|\bmost (?:weekends|weeks|of the (?:year|week|time))\b|\bweekends\b|\bback and forth\b|\bsplit (?:the|my|our) (?:year|time)\b|\bfor (?:another|one more|a few(?: more)?|a couple(?: of)?(?: more)?|a|two|three) (?:more )?(?:day|week|month)s?\b|\bmailing address\b|\bp\.?\s?o\.? box\b|\bfor now\b|\bfor the time being\b|\b(?:moving|relocating)\b|\b(?:about|going|fixing|fixin'?) to move\b|\bclos(?:e|ing) on (?:a|the|my|our) (?:house|home|place)\b|\b(?:till|until|til)\b|\bjust (?:here|down here|up here|visiting|staying)\b|\b(?:down|up|over|out) here (?:with|helping|visiting|for)\b|\bmy (?:house|home|place|apartment|trailer)(?:'s| is) (?:in|up|down|over|out|back)\b|\barea code\b|\b(?:phone|cell|number)(?:'s| is)? (?:from|out of)\b/i;

/** A worked state the line names, or a listed city of one (decision 263), unless only to say the caller is not there ("not in Georgia"). */
function workedNamed(text: string, worked: string[]): string | null {
  const places = [
    ...[...text.matchAll(STATE_NAME)].map((m) => ({ code: toUsStateCode(m[1]!), index: m.index })),
    ...[...text.matchAll(CITY_NAME)].map((m) => ({ code: CITIES[m[1]!.toLowerCase()] ?? null, index: m.index })),
  ];
  for (const m of places) {
    const code = m.code;
    if (!code || !worked.includes(code)) continue;
    if (/\b(?:not|never|n't|across|near|outside|border\w*|close to)\b(?:\s+\w+){0,3}\s*$/i.test(text.slice(0, m.index))) continue;
    return code;
  }
  return null;
}

/** A place given by what it is near ("across the river from Cincinnati", "Boone County"): it does not place the caller. */
/** A home the caller left: where they come from, grew up or used to live, or a house they sold. */
const PAST_HOME = /\boriginally\b|\bgrew up\b|\bborn and raised\b|\bused to live\b|\bsold (the|my|our) (house|home|place)\b/i;
export const NEAR = /\b(county|parish|across|near|outside( of)?|right by|close to|just over)\b/i;

export function outOfState(input: DisputeEvidenceInput): DisputeVerdict {
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
  // (Labels read as swapped are read with the roles swapped: the agent's "I'm only licensed in Colorado" is not the caller's.)
  const doubt = labelsInDoubt(input.transcript);
  const anyone = doubt !== null && doubt !== SWAPPED;
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
    // Any caller line that names a worked state, puts the caller's home elsewhere for part of the year (a season, a
    // mailing address, a few more weeks) or was not made out leaves the record contradicted or unchecked: for an admin (decision 243).
    for (const l of lines.filter((x) => x.role === 'caller' || anyone)) {
      const named = workedNamed(l.text, states);
      const apart = !PAST_HOME.test(l.text) && PART_OF_YEAR.test(l.text);
      if (named || apart || UNHEARD.test(l.text)) {
        const why = named ? `name ${named}, which is worked` : apart ? 'put their home elsewhere for part of the year' : 'were not made out';
        return {
          decision: 'human',
          summary: `The call came from ${input.state}, not a working state, but the caller's words ${why}.`,
          evidence: [stateLine, quoteOf(l)],
        };
      }
    }
    // The caller says where they live in words the rules cannot place in the call's state: an admin reads them.
    // A line places the caller in the call's state only when it names that state alone.
    // A caller who names the call's state alone elsewhere in the call is placed: a line that then names no state, and
    // puts no home apart ("right across the river from Weirton"), does not unplace them (decision 243).
    const placesCaller = (l: TranscriptLine) => {
      const named = statesIn(l.text);
      return named.length === 1 && named[0] === input.state && !HOME_ELSEWHERE.test(l.text) && !NEAR.test(l.text);
    };
    const placed = lines.some((l) => (l.role === 'caller' || anyone) && placesCaller(l));
    const unplaced = where.find((l) => !placesCaller(l) && !(placed && statesIn(l.text).length === 0 && !HOME_ELSEWHERE.test(l.text)));
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
  // A home the caller has left ("from Ohio originally", "grew up in Akron") does not contradict a worked state.
  const elsewhere = states.length ? homes.find((h) => !states.includes(h.code) && !PAST_HOME.test(h.line.text)) : undefined;
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
    ? where.find(
        (l) =>
          !PAST_HOME.test(l.text) &&
          (statesIn(l.text).some((c) => !states.includes(c)) || (HOME_ELSEWHERE.test(l.text) && !statesIn(l.text).includes(input.state))),
      )
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
