import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_DIR = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Each `<form …>` opening tag in a file, read up to the `>` outside JSX braces (`=>` inside a handler does not end it). */
function formTags(source: string): string[] {
  const tags: string[] = [];
  for (let at = source.indexOf('<form'); at !== -1; at = source.indexOf('<form', at + 1)) {
    if (/\w/.test(source[at + 5] ?? '')) continue;
    let depth = 0;
    let end = at;
    while (end < source.length && !(source[end] === '>' && depth === 0)) {
      if (source[end] === '{') depth++;
      if (source[end] === '}') depth--;
      end++;
    }
    tags.push(source.slice(at, end + 1));
  }
  return tags;
}

describe('forms on server-rendered pages', () => {
  // Submitted before hydration (a slow phone) or without JavaScript, a form without a method is
  // a GET that puts what was typed, passwords included, in the URL, the access log and the history.
  it('post, unless they are searches (a query in the URL carries no secret)', () => {
    const offending = sourceFiles(WEB_DIR).flatMap((file) =>
      formTags(readFileSync(file, 'utf8'))
        .filter((tag) => !tag.includes('method="post"') && !tag.includes('role="search"'))
        .map((tag) => `${path.relative(WEB_DIR, file)}: ${tag.slice(0, 80)}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds the forms it checks', () => {
    const login = readFileSync(path.join(WEB_DIR, 'features/auth/login-page.tsx'), 'utf8');
    expect(formTags(login)).toHaveLength(2);
  });
});
