import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let commonPasswords: Set<string> | null = null;

/**
 * Common and breached passwords from the bundled zxcvbn-ts list (about 30,000 entries),
 * compared case-insensitively. Loaded on first use; no network look-up.
 */
function loadCommonPasswords(): Set<string> {
  if (!commonPasswords) {
    const { dictionary } = require('@zxcvbn-ts/language-common') as { dictionary: { 'passwords-common': string[] } };
    commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}
