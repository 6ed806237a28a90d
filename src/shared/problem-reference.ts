/**
 * "Report a problem" (issue 15 §3): the few constants the route table and the support page need,
 * kept apart from the zod contracts (src/shared/contracts/github.ts) so they stay out of the first bundle.
 */
export const PROBLEM_REPORTS_PATH = '/api/support/problem-reports';
/** The support page's form as a browser posts it itself (before hydration); answers 303 back. */
export const PROBLEM_REPORT_FORM_PATH = '/api/support/problem-reports/form';
export const SUPPORT_REPORT_ANCHOR = 'report-a-problem';
/** The search parameter the support page reads the new report's reference from. */
export const PROBLEM_REFERENCE_PARAM = 'ref';
/** "P-" and ten letters and digits (no 0/O, 1/I): read out over the phone without confusion. */
export const PROBLEM_REFERENCE_PATTERN = /^P-[2-9A-HJ-NP-Z]{10}$/;
