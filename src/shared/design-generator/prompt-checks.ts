import { GENERATION_WINDOW_MS, GENERATIONS_PER_HOUR, PROMPT_MAX, PROMPT_MIN } from '../contracts/designs.ts';

/**
 * What the design generator refuses to draw, checked before anything is queued (issue 15 §1):
 * hate symbols and slurs, and real people named in the prompt (a likeness needs that person's
 * consent, and a name is how a prompt asks for one). Matching is on a normalised form of the prompt
 * (lower case, common letter-for-digit swaps undone, punctuation as spaces) and on whole words, so
 * "s.w.a.s.t.i.k.a" or "h1tler" are caught while "scunthorpe"-style words inside words are not.
 */

/** Hate symbols and their codes (ADL "Hate on Display" entries that make sense as tattoos). */
const HATE_TERMS = [
  'swastika', 'hakenkreuz', 'sieg heil', 'heil hitler', 'hitler', 'nazi', 'neo nazi', 'ss bolts', 'ss runes', 'sonnenrad', 'black sun',
  'wolfsangel', 'totenkopf ss', 'white power', 'white pride worldwide', 'kkk', 'ku klux klan', 'blood and honour', 'blood and honor',
  '1488', '14 words', 'fourteen words', '88 heil', 'rahowa', 'aryan nation', 'aryan brotherhood', 'white supremacy', 'confederate flag',
  'isis flag', 'hammerskins', 'atomwaffen', 'odal rune nazi', 'happy merchant',
];

/** Slurs: the common ones in English, kept short on purpose (a list that names every slur is itself a hazard). */
const SLURS = ['nigger', 'nigga', 'faggot', 'fag', 'kike', 'spic', 'chink', 'gook', 'wetback', 'tranny', 'raghead', 'towelhead', 'coon', 'retard', 'dyke', 'paki'];

/** Real people often asked for by name. A full name, or a single name nobody else goes by. */
const REAL_PEOPLE = [
  'donald trump', 'joe biden', 'barack obama', 'kamala harris', 'vladimir putin', 'volodymyr zelensky', 'king charles', 'queen elizabeth',
  'prince harry', 'pope francis', 'elon musk', 'mark zuckerberg', 'jeff bezos', 'bill gates', 'taylor swift', 'kanye west', 'kim kardashian',
  'beyonce', 'rihanna', 'lady gaga', 'ariana grande', 'billie eilish', 'dua lipa', 'harry styles', 'justin bieber', 'selena gomez', 'ed sheeran',
  'michael jackson', 'elvis presley', 'marilyn monroe', 'freddie mercury', 'kurt cobain', 'david bowie', 'john lennon', 'bob marley', 'tupac shakur',
  'lionel messi', 'cristiano ronaldo', 'michael jordan', 'lebron james', 'serena williams', 'keanu reeves', 'johnny depp', 'brad pitt',
  'angelina jolie', 'leonardo dicaprio', 'tom cruise', 'zendaya', 'timothee chalamet', 'margot robbie', 'bad bunny', 'shakira', 'snoop dogg',
  'albert einstein', 'frida kahlo', 'che guevara', 'martin luther king', 'princess diana', 'greta thunberg',
];

const SWAPS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/** The prompt as the lists are written: lower case, accents and swapped digits undone, words split by single spaces. */
export function normalisePrompt(prompt: string): string {
  return prompt
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[0-9@$!]/g, (c) => SWAPS[c] ?? c)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Codes written with digits ("1488", "14 words") are looked for before the digits are swapped. */
const plain = (prompt: string) => prompt.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

const has = (words: string, term: string) => ` ${words} `.includes(` ${term} `);
/** Letters spelled out one at a time ("s w a s t i k a") joined up again. */
const joinedSingles = (words: string) => words.replace(/\b([a-z]) (?=[a-z]\b)/g, '$1');

export type PromptCheck =
  | { ok: true }
  | { ok: false; code: 'VALIDATION_FAILED' | 'PROMPT_REFUSED'; reason: 'too_short' | 'too_long' | 'hate' | 'real_person'; message: string };

export function checkPrompt(prompt: string): PromptCheck {
  const text = prompt.trim();
  if (text.length < PROMPT_MIN) return { ok: false, code: 'VALIDATION_FAILED', reason: 'too_short', message: `Describe your idea in at least ${PROMPT_MIN} characters.` };
  if (text.length > PROMPT_MAX) return { ok: false, code: 'VALIDATION_FAILED', reason: 'too_long', message: `Keep the description under ${PROMPT_MAX} characters.` };
  const words = normalisePrompt(text);
  const forms = [words, joinedSingles(words), plain(text)];
  const hit = (list: string[]) => list.some((term) => forms.some((f) => has(f, term)));
  if (hit(HATE_TERMS) || hit(SLURS)) {
    return {
      ok: false,
      code: 'PROMPT_REFUSED',
      reason: 'hate',
      message: "We can't draw this: the description names a hate symbol or a slur. Describe a different idea.",
    };
  }
  if (hit(REAL_PEOPLE)) {
    return {
      ok: false,
      code: 'PROMPT_REFUSED',
      reason: 'real_person',
      message: "We don't draw real people from their name. Describe the design instead, for example \"a portrait of a woman with roses in her hair\".",
    };
  }
  return { ok: true };
}

export type Quota = { limit: number; remaining: number; resetsAt: Date | null };

/**
 * The hourly allowance from the times of the person's recent generations: `remaining` now, and when
 * the oldest one in the window leaves it (the moment one more becomes possible; null when none count).
 */
export function quotaAt(recent: Date[], now: Date, limit = GENERATIONS_PER_HOUR, windowMs = GENERATION_WINDOW_MS): Quota {
  const inWindow = recent.map((d) => d.getTime()).filter((t) => t > now.getTime() - windowMs && t <= now.getTime()).sort((a, b) => a - b);
  const used = inWindow.length;
  const oldest = inWindow[Math.max(0, used - limit)];
  return { limit, remaining: Math.max(0, limit - used), resetsAt: oldest === undefined ? null : new Date(oldest + windowMs) };
}

/** "42 minutes", "1 minute", "less than a minute": how long until `at`. */
export function timeLeftText(at: Date, now: Date): string {
  const minutes = Math.ceil((at.getTime() - now.getTime()) / 60_000);
  if (minutes <= 1) return at.getTime() - now.getTime() < 60_000 ? 'less than a minute' : '1 minute';
  return `${minutes} minutes`;
}
