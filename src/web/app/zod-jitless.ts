/**
 * Zod 4 probes, when the first object schema is built, whether it may compile parsers with
 * `new Function`. The Content-Security-Policy forbids eval, so the probe fails — harmlessly, but
 * the browser reports every failed probe as a CSP violation (DevTools' Issues panel, Lighthouse's
 * best-practices audit). Zod reads its settings from this global object, which must exist before
 * its first module runs; setting it in the entry's first import keeps zod out of the entry chunk.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
