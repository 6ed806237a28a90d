import { randomInt, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  ZProblemReference,
  ZProblemReportCreate,
  type TAdminProblemReports,
  type TProblemReportCreated,
} from '../../../shared/contracts/github.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import { problemReports, users } from '../../db/schema/index.ts';
import { notFound, validate } from '../../http/app-error.ts';
import { GithubError } from './github-api.ts';
import type { GithubService } from './service.ts';

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const ADMIN_LIST_LIMIT = 200;

export function newProblemReference(): string {
  let out = 'P-';
  for (let i = 0; i < 10; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

/**
 * The browser's name, major version and system from its User-Agent ("Chrome 131 on Windows"), or
 * null: enough to reproduce a problem, without the full string (which helps fingerprint a person).
 */
export function describeBrowser(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browsers: Array<[string, RegExp]> = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Samsung Internet', /SamsungBrowser\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Headless)?(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
  ];
  const systems: Array<[string, RegExp]> = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['ChromeOS', /CrOS/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ];
  const browser = browsers.map(([name, re]) => [name, re.exec(userAgent)?.[1]] as const).find(([, v]) => v);
  const system = systems.find(([, re]) => re.test(userAgent))?.[0];
  if (!browser && !system) return null;
  return [browser ? `${browser[0]} ${browser[1]}` : 'An unknown browser', system ? `on ${system}` : null].filter(Boolean).join(' ');
}

/** Markdown that shows `text` exactly as typed: a fence longer than any run of tildes in it (no mentions, links or images). */
function fenced(text: string): string {
  const longest = Math.max(0, ...(text.match(/~+/g) ?? []).map((run) => run.length));
  const fence = '~'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}\n${fence}`;
}
const inlineCode = (text: string) => `\`${text.replace(/`/g, "'")}\``;

export function issueBody(report: { reference: string; description: string; page: string | null; browser: string | null }): string {
  return [
    `Reported through the Inkhaven support page (reference ${report.reference}).`,
    '',
    `- Page: ${report.page ? inlineCode(report.page) : 'not given'}`,
    `- Browser: ${report.browser ? inlineCode(report.browser) : 'unknown'}`,
    '',
    '### What happened',
    '',
    fenced(report.description),
  ].join('\n');
}

/**
 * "Report a problem": kept with a reference first (so nothing typed is lost), then, with GITHUB_REPO
 * configured, opened as a GitHub issue with the title, description, page and browser only — never
 * who reported it. When GitHub refuses or is away, the report stays for admins with the reason.
 */
export async function createProblemReport(ctx: AppContext, github: GithubService, reporter: SessionUser | null, body: unknown, userAgent: string | undefined): Promise<TProblemReportCreated> {
  const input = validate(ZProblemReportCreate, body);
  const { db } = ctx.database;
  const row = {
    id: randomUUID(),
    reference: newProblemReference(),
    reporterId: reporter?.id ?? null,
    title: input.title,
    description: input.description,
    page: input.page || null,
    browser: describeBrowser(userAgent),
  };
  await db.insert(problemReports).values(row);
  const repo = github.issueRepo;
  if (!repo || !github.api) return { reference: row.reference, issueUrl: null };
  try {
    const issue = await github.api.createIssue(repo, { title: row.title, body: issueBody(row) });
    await db.update(problemReports).set({ githubIssueNumber: issue.number, githubIssueUrl: issue.url }).where(eq(problemReports.id, row.id));
    return { reference: row.reference, issueUrl: issue.url };
  } catch (error) {
    if (!(error instanceof GithubError)) throw error;
    await db.update(problemReports).set({ githubProblem: error.message.slice(0, 500) }).where(eq(problemReports.id, row.id));
    return { reference: row.reference, issueUrl: null };
  }
}

/** GET /api/support/problem-reports/:reference: what the reporter is shown again (the reference is the secret). */
export async function problemReportByReference(ctx: AppContext, reference: unknown): Promise<TProblemReportCreated> {
  const parsed = ZProblemReference.safeParse(reference);
  if (!parsed.success) throw notFound('That problem report');
  const [row] = await ctx.database.db
    .select({ reference: problemReports.reference, issueUrl: problemReports.githubIssueUrl })
    .from(problemReports)
    .where(eq(problemReports.reference, parsed.data))
    .limit(1);
  if (!row) throw notFound('That problem report');
  return row;
}

/** GET /api/admin/problem-reports: the newest first. */
export async function listProblemReports(ctx: AppContext): Promise<TAdminProblemReports> {
  const rows = await ctx.database.db
    .select({ r: problemReports, reporterName: users.name })
    .from(problemReports)
    .leftJoin(users, eq(users.id, problemReports.reporterId))
    .orderBy(desc(problemReports.createdAt), desc(problemReports.id))
    .limit(ADMIN_LIST_LIMIT);
  return {
    items: rows.map(({ r, reporterName }) => ({
      id: r.id,
      reference: r.reference,
      title: r.title,
      description: r.description,
      page: r.page,
      browser: r.browser,
      reporter: r.reporterId ? { id: r.reporterId, name: reporterName ?? 'A member' } : null,
      github: r.githubIssueNumber !== null && r.githubIssueUrl ? { number: r.githubIssueNumber, url: r.githubIssueUrl } : null,
      githubProblem: r.githubProblem,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
