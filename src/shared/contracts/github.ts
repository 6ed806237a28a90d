import { z } from 'zod';
import { PROBLEM_REFERENCE_PATTERN } from '../problem-reference.ts';
import { zText } from './input.ts';

/**
 * The GitHub integration (issue 15 §3, decision 0029): admins see the configured owner's
 * repositories and Projects v2 boards; "Report a problem" on the support page becomes an issue in
 * GITHUB_REPO, or is kept for admins when GitHub is not configured.
 */

export const GITHUB_REPOSITORIES_PATH = '/api/admin/github/repositories';
export const GITHUB_PROJECTS_PATH = '/api/admin/github/projects';

/** One GitHub rate-limit pool (REST "core", "graphql", …) as its last answer's headers told it. */
export type TGithubRateLimit = { resource: string; limit: number | null; remaining: number; resetAt: string };

/** A setting the integration reads, for the "how to connect" explanation (never its value). */
export type TGithubSetting = { name: string; purpose: string; set: boolean };

export type TGithubProblem = 'unauthorized' | 'forbidden' | 'not_found' | 'rate_limited' | 'unavailable';

/**
 * What an admin page shows. GitHub's own failures are states of the answer (HTTP 200), not errors
 * of this API: a 401 here would read as "you are signed out", and the page explains each one.
 */
export type TGithubAnswer<T> =
  | { state: 'not_configured'; settings: TGithubSetting[] }
  | { state: 'ok'; owner: string; fetchedAt: string; rateLimit: TGithubRateLimit | null; data: T }
  | { state: 'problem'; owner: string; problem: TGithubProblem; message: string; rateLimit: TGithubRateLimit | null };

export type TGithubRepository = {
  id: number;
  name: string;
  fullName: string;
  url: string;
  description: string | null;
  stars: number;
  openIssues: number;
  language: string | null;
  pushedAt: string | null;
  private: boolean;
  archived: boolean;
};
export type TGithubRepositories = { items: TGithubRepository[] };

export type TGithubProjectItem = {
  id: string;
  kind: 'issue' | 'pull_request' | 'draft' | 'redacted';
  title: string;
  url: string | null;
  number: number | null;
  state: string | null;
  repository: string | null;
};
/** A board column: one option of the project's Status field, or the items without a status. */
export type TGithubProjectColumn = { id: string | null; name: string; items: TGithubProjectItem[] };
export type TGithubProject = {
  id: string;
  number: number;
  title: string;
  url: string;
  description: string | null;
  closed: boolean;
  updatedAt: string;
  columns: TGithubProjectColumn[];
  /** Items on the board in all (only the first page of them is shown). */
  itemCount: number;
};
export type TGithubProjects = { items: TGithubProject[] };

// ---------------------------------------------------------------------------------------------
// Report a problem

export { PROBLEM_REFERENCE_PARAM, PROBLEM_REFERENCE_PATTERN, PROBLEM_REPORT_FORM_PATH, PROBLEM_REPORTS_PATH, SUPPORT_REPORT_ANCHOR } from '../problem-reference.ts';
export const ADMIN_PROBLEM_REPORTS_PATH = '/api/admin/problem-reports';
/** Per person (or address when signed out), per hour. */
export const PROBLEM_REPORTS_PER_HOUR = 5;

export const ZProblemReference = z.string().regex(PROBLEM_REFERENCE_PATTERN, 'not a problem report reference');

export const ZProblemReportCreate = z.strictObject({
  title: zText().trim().min(3, 'say in a few words what went wrong').max(120),
  description: zText({ multiline: true }).trim().min(10, 'describe what you did and what happened (at least 10 characters)').max(4000),
  /** The page the problem happened on: a path of this site. */
  page: zText()
    .trim()
    .max(300)
    .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')), 'must be a page of this site, starting with /')
    .optional(),
});
export type TProblemReportCreate = z.infer<typeof ZProblemReportCreate>;

export type TProblemReportCreated = { reference: string; issueUrl: string | null };

export type TAdminProblemReport = {
  id: string;
  reference: string;
  title: string;
  description: string;
  page: string | null;
  browser: string | null;
  reporter: { id: string; name: string } | null;
  github: { number: number; url: string } | null;
  /** Why it is not a GitHub issue although GitHub is configured. */
  githubProblem: string | null;
  createdAt: string;
};
export type TAdminProblemReports = { items: TAdminProblemReport[] };
