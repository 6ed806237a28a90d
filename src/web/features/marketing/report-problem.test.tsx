import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server.tsx';

const PUBLIC_URL = 'http://localhost:5000';
const REFERENCE = 'P-ABCDEFGHJK';

/** The support page as the server renders it, with the API answered by `answer` (null: 404). */
async function renderSupport(search: string, answer: { reference: string; issueUrl: string | null } | null) {
  const calls: string[] = [];
  const result = await render({
    request: new Request(`${PUBLIC_URL}/support${search}`),
    fetchImpl: async (url: string) => {
      calls.push(url);
      return answer ? Response.json(answer) : Response.json({ code: 'NOT_FOUND', message: 'That problem report was not found.' }, { status: 404 });
    },
    user: null,
    ownArtistProfile: null,
    publicUrl: PUBLIC_URL,
  });
  if (result.kind !== 'page') throw new Error(`expected a page, got a ${result.kind}`);
  return { html: result.html, calls };
}

describe('support page: Report a problem (server render, before hydration)', () => {
  it('renders the form that posts without JavaScript, and calls nothing', async () => {
    const { html, calls } = await renderSupport('?page=/artists', null);
    expect(html).toContain(`action="/api/support/problem-reports/form" method="post"`);
    expect(html).toContain('value="/artists"');
    expect(calls).toEqual([]);
  });

  it('shows the reference and the GitHub issue link in the first HTML after sending', async () => {
    const issueUrl = 'https://github.com/inkhaven-studio/app/issues/101';
    const { html, calls } = await renderSupport(`?ref=${REFERENCE}&done=problem-reported`, { reference: REFERENCE, issueUrl });
    expect(calls).toEqual([`/api/support/problem-reports/${REFERENCE}`]);
    expect(html).toContain(`Your reference is <span class="font-mono">${REFERENCE}</span>`);
    expect(html).toContain(`href="${issueUrl}"`);
  });

  it('shows the reference alone when the report is not a GitHub issue, and ignores a malformed one', async () => {
    const stored = await renderSupport(`?ref=${REFERENCE}&done=problem-reported`, { reference: REFERENCE, issueUrl: null });
    expect(stored.html).toContain('Quote this reference if you write to us');
    const forged = await renderSupport('?ref=https://evil.test&done=problem-reported', null);
    expect(forged.calls).toEqual([]);
    expect(forged.html).not.toContain('your report is in');
  });
});
