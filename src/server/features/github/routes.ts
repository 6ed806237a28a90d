import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_PROBLEM_REPORTS_PATH,
  GITHUB_PROJECTS_PATH,
  GITHUB_REPOSITORIES_PATH,
  PROBLEM_REFERENCE_PARAM,
  PROBLEM_REPORT_FORM_PATH,
  PROBLEM_REPORTS_PATH,
  PROBLEM_REPORTS_PER_HOUR,
  SUPPORT_REPORT_ANCHOR,
} from '../../../shared/contracts/github.ts';
import { SUPPORT_PATH } from '../../../shared/feature-paths.ts';
import { AppError, validate } from '../../http/app-error.ts';
import { acceptFormPosts, answerFormPost, formFields } from '../../http/form-post.ts';
import { requireAdmin } from '../../http/guards.ts';
import { createProblemReport, listProblemReports, problemReportByReference } from './problem-reports.ts';
import { GithubService } from './service.ts';

const ZReferenceParams = z.object({ reference: z.string() });

/** The GitHub admin pages' data and "Report a problem" (issue 15 §3, decision 0029). */
export async function githubRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const github = new GithubService(ctx.config);
  acceptFormPosts(app);
  const noStore = { 'cache-control': 'private, no-store' };
  // Per person, or per address while signed out: a few reports an hour is far above what a person sends by hand.
  const perReporter = app.rateLimit({
    max: PROBLEM_REPORTS_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request: FastifyRequest) => `problem-reports:${request.user?.id ?? `ip:${request.ip}`}`,
  });

  app.get(GITHUB_REPOSITORIES_PATH, async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return github.repositories();
  });
  app.get(GITHUB_PROJECTS_PATH, async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return github.projects();
  });

  app.post(PROBLEM_REPORTS_PATH, { preHandler: perReporter }, async (request, reply) =>
    reply.status(201).send(await createProblemReport(ctx, github, request.user, request.body, request.headers['user-agent'])),
  );
  // The support page's form before hydration: back to the page with the reference to show.
  // The limit is checked inside, so a browser that sent too many is sent back to the page with the wait, not shown JSON.
  app.post(PROBLEM_REPORT_FORM_PATH, { config: { csrf: 'same-origin' } }, async (request, reply) => {
    const { fields, returnTo } = formFields(request.body);
    return answerFormPost(
      request,
      reply,
      returnTo ?? `${SUPPORT_PATH}#${SUPPORT_REPORT_ANCHOR}`,
      async () => {
        try {
          await perReporter.call(app, request, reply);
        } catch (error) {
          const limited = error as { statusCode?: unknown; message?: unknown };
          if (limited.statusCode === 429 && typeof limited.message === 'string') throw new AppError('RATE_LIMITED', limited.message);
          throw error;
        }
        const { reference } = await createProblemReport(ctx, github, request.user, fields, request.headers['user-agent']);
        return { done: 'problem-reported', to: `${SUPPORT_PATH}?${PROBLEM_REFERENCE_PARAM}=${reference}#${SUPPORT_REPORT_ANCHOR}` };
      },
      undefined,
      { signedOut: 'allowed' },
    );
  });
  app.get(`${PROBLEM_REPORTS_PATH}/:reference`, async (request, reply) => {
    void reply.headers(noStore);
    return problemReportByReference(ctx, validate(ZReferenceParams, request.params).reference);
  });
  app.get(ADMIN_PROBLEM_REPORTS_PATH, async (request, reply) => {
    requireAdmin(request);
    void reply.headers(noStore);
    return listProblemReports(ctx);
  });
}
