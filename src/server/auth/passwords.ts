import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn's 0–4 scale: 3 is "safely unguessable" (about 10^8 guesses and more). */
export const PASSWORD_MIN_SCORE = 3;

/** Words an attacker would try first on this site. */
const PRODUCT_WORDS = ['inkhaven', 'tattoo', 'tattoos', 'piercing', 'piercings', 'ink'];

export type PasswordOwner = { email: string; firstName: string };

export type PasswordVerdict = { ok: true } | { ok: false; reason: string };

/** A password whose first 48 characters are strong is strong; zxcvbn's default (256) lets one sign-up block the server for seconds. */
const SCORED_PREFIX_LENGTH = 48;

let scorer: Promise<ZxcvbnFactory> | null = null;

/**
 * The dictionaries and keyboard graphs are a few megabytes: they are imported on the first
 * password check, not at start-up, and never reach the browser bundle.
 */
function loadScorer(): Promise<ZxcvbnFactory> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        // Scoring runs on the event loop and grows faster than the length (a 128-character
        // random-looking password took over a second here): only the first characters count.
        maxLength: SCORED_PREFIX_LENGTH,
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return scorer;
}

function userInputsOf(owner: PasswordOwner): string[] {
  const email = owner.email.trim().toLowerCase();
  const localPart = email.split('@')[0] ?? email;
  return [email, localPart, owner.firstName.trim().toLowerCase(), ...PRODUCT_WORDS];
}

/**
 * Scores a new password with zxcvbn against common passwords, English words and names, keyboard
 * patterns and the owner's own email and name. The reason is zxcvbn's warning and suggestions, in English.
 */
export async function judgePassword(password: string, owner: PasswordOwner): Promise<PasswordVerdict> {
  const result = (await loadScorer()).check(password, userInputsOf(owner));
  if (result.score >= PASSWORD_MIN_SCORE) return { ok: true };
  const { warning, suggestions } = result.feedback;
  const reason = [warning, ...suggestions].filter(Boolean).join(' ');
  return { ok: false, reason: reason || 'Add another word or two that are less common.' };
}
