import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { TProblemReportCreated } from '../../../shared/contracts/github.ts';
import { FORM_DONE_PARAM, FORM_ERROR_PARAM } from '../../../shared/form-result.ts';
import { PROBLEM_REFERENCE_PARAM, PROBLEM_REFERENCE_PATTERN, PROBLEM_REPORT_FORM_PATH, PROBLEM_REPORTS_PATH, SUPPORT_REPORT_ANCHOR } from '../../../shared/problem-reference.ts';
import { SUPPORT_PATH } from '../../../shared/feature-paths.ts';
import { sentence } from '../../ui/field.tsx';

const INPUT = 'block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:outline-none focus:ring-2 focus:ring-amber-600';

/** The query the route loader primes on the server, so the first HTML already has the issue link. */
export const problemReportKey = (reference: string) => [`${PROBLEM_REPORTS_PATH}/${reference}`];

/** After sending: the reference, and the GitHub issue when the report became one. */
function Outcome() {
  const [params] = useSearchParams();
  const error = params.get(FORM_ERROR_PARAM);
  const ref = params.get(PROBLEM_REFERENCE_PARAM);
  const reference = params.get(FORM_DONE_PARAM) === 'problem-reported' && ref && PROBLEM_REFERENCE_PATTERN.test(ref) ? ref : null;
  const lookup = useQuery<TProblemReportCreated>({ queryKey: problemReportKey(reference ?? ''), enabled: reference !== null });
  if (error) return <p role="alert" className="mb-6 rounded-md bg-red-50 p-3 text-red-900">Your report was not sent: {sentence(error)}</p>;
  if (!reference) return null;
  return (
    <div role="status" className="mb-6 space-y-1 rounded-md bg-emerald-50 p-4 text-emerald-950">
      <p className="font-semibold">Thank you, your report is in. Your reference is <span className="font-mono">{reference}</span>.</p>
      {lookup.data?.issueUrl ? (
        <p>
          We are tracking it as{' '}
          <a href={lookup.data.issueUrl} className="font-medium underline underline-offset-2" rel="noreferrer" target="_blank">
            an issue on GitHub<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      ) : (
        <p>Our team reads every report. Quote this reference if you write to us about it.</p>
      )}
    </div>
  );
}

/**
 * "Report a problem": a form the browser posts itself (works before hydration and without
 * JavaScript); the server answers 303 back here with the reference, or with what to fix.
 */
export function ReportProblem() {
  const [params] = useSearchParams();
  const from = params.get('page');
  const page = from && from.startsWith('/') && !from.startsWith('//') ? from.slice(0, 300) : '';
  return (
    <div className="max-w-2xl">
      <Outcome />
      <form method="post" action={PROBLEM_REPORT_FORM_PATH} className="space-y-4 rounded-lg border border-stone-200 bg-white p-5">
        <input type="hidden" name="returnTo" value={`${SUPPORT_PATH}#${SUPPORT_REPORT_ANCHOR}`} />
        <div className="space-y-1">
          <label htmlFor="problem-title" className="block font-medium text-stone-900">What went wrong, in a few words</label>
          <input id="problem-title" name="title" required minLength={3} maxLength={120} className={INPUT} />
        </div>
        <div className="space-y-1">
          <label htmlFor="problem-description" className="block font-medium text-stone-900">What did you do, and what happened?</label>
          <textarea id="problem-description" name="description" required minLength={10} maxLength={4000} rows={5} aria-describedby="problem-privacy" className={INPUT} />
        </div>
        <div className="space-y-1">
          <label htmlFor="problem-page" className="block font-medium text-stone-900">Page where it happened (optional)</label>
          <input id="problem-page" name="page" defaultValue={page} maxLength={300} placeholder="/artists" aria-describedby="problem-page-hint" className={INPUT} />
          <p id="problem-page-hint" className="text-sm text-stone-600">The part of the address after the site name, starting with /.</p>
        </div>
        <p id="problem-privacy" className="text-sm text-stone-700">
          We send what you type here, the page, and your browser’s name and version (such as “Firefox 128 on Windows”) — nothing else about you. Please leave out passwords, payment and health details.
        </p>
        <button type="submit" className="rounded-md bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600">
          Send report
        </button>
      </form>
    </div>
  );
}
