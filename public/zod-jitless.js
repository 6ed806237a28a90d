// Zod 4 probes, when the first object schema is built, whether it may compile parsers with
// `new Function`. The Content-Security-Policy forbids eval, so the probe fails (harmlessly), and the
// browser reports each failed probe as a CSP violation. Zod reads this global before its first
// schema. A classic script: it runs during parsing, before any module script of the page, whatever
// the bundler puts in the entry chunk (an import at the top of main.tsx ran after the chunks the
// entry imports statically, zod among them).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
