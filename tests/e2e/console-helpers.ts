import { expect, type Page } from '@playwright/test';

/**
 * What a page printed that a user's console should never show: console errors (React's hydration
 * errors #418/#419 arrive here, and so do failed resource loads such as a 404 answer), uncaught
 * page errors, and any warning about hydration.
 */
export type ConsoleProblems = string[];

export function watchConsole(page: Page): ConsoleProblems {
  const problems: ConsoleProblems = [];
  page.on('console', (message) => {
    const type = message.type();
    const text = message.text();
    if (type === 'error' || (type === 'warning' && /hydrat/i.test(text))) {
      const where = message.location().url;
      problems.push(`console.${type}: ${text}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Remembers the elements the server rendered, so `settle` can tell when React owns all of them.
 * Runs before any script of the page, on every page of the context it is added to.
 */
export function rememberServerRenderedElements(): void {
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      // Hoistable elements (the image preloads React writes for high-priority images, <link>, <meta>, <title>) are never hydrated.
      const hoistable = new Set(['link', 'meta', 'title', 'style', 'script']);
      (window as unknown as { __serverRendered: Element[] }).__serverRendered = [...document.querySelectorAll('#root *')].filter((el) => !hoistable.has(el.localName));
    },
    { once: true },
  );
}

/**
 * Waits until the page loaded and React owns the whole server-rendered tree: every element the
 * server sent under #root carries React's fiber key (set when it hydrates) or was replaced by a
 * client render. A hydration error, reported once hydration commits, has been reported by then.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const elements = (window as unknown as { __serverRendered?: Element[] }).__serverRendered;
          if (!elements) return 'the document has not been parsed yet';
          const owned = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));
          // The bare app shell (nothing server-rendered): wait for the browser's own render instead.
          if (elements.length === 0) return [...(document.getElementById('root')?.children ?? [])].some(owned) ? 'hydrated' : 'not rendered yet';
          const unowned = elements.filter((el) => el.isConnected && !owned(el));
          return unowned.length === 0 ? 'hydrated' : `${unowned.length} elements not hydrated yet, first <${unowned[0]!.tagName.toLowerCase()}>`;
        }),
      { message: 'the page hydrated', timeout: 15_000 },
    )
    .toBe('hydrated');
  // Recoverable errors are reported right after the commit, and effects start their fetches (the
  // own-artist-profile call): let them run and answer.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1_000 })));
  await page.waitForLoadState('networkidle');
}

/** Opens `path` in a new tab of the page's context (a full load that hydrates), waits for it to settle and closes it. */
export async function consoleProblemsOf(newPage: () => Promise<Page>, path: string): Promise<ConsoleProblems> {
  const page = await newPage();
  await page.addInitScript(rememberServerRenderedElements);
  const problems = watchConsole(page);
  try {
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers`).toBeLessThan(400);
    await settle(page);
  } finally {
    await page.close();
  }
  return problems;
}
