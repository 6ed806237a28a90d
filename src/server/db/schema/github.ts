import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * "Report a problem" (issue 15 §3, migration 0025, decision 0029). Every report is kept with the
 * reference its reporter sees; with GITHUB_REPO configured it is also a GitHub issue (number, link).
 * `githubProblem`: why it could not become one (GitHub refused or was unreachable), for admins.
 */
export const problemReports = pgTable(
  'problem_reports',
  {
    id: uuid('id').primaryKey(),
    reference: text('reference').notNull(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    page: text('page'),
    browser: text('browser'),
    githubIssueNumber: integer('github_issue_number'),
    githubIssueUrl: text('github_issue_url'),
    githubProblem: text('github_problem'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('problem_reports_reference_unique').on(t.reference), index('problem_reports_created_idx').on(t.createdAt)],
);
