/**
 * Forms a page posts natively (before hydration) come back with 303 to the page and one of these
 * query parameters (src/server/http/form-post.ts): what was done, or the error message to show.
 */
export const FORM_DONE_PARAM = 'done';
export const FORM_ERROR_PARAM = 'error';

/**
 * A form the browser posted to its page's own address (not `/api/...`) that the server refused: the
 * page is rendered again in the answer, with what was sent and why it was refused, so nothing typed
 * is lost and nothing typed goes into a URL. The page reads it from the query cache under this key.
 */
export const FORM_POST_KEY = ['form-post'] as const;
export type TFormPostState = {
  /** The page's path and query: only that page uses it. */
  path: string;
  fields: Record<string, string>;
  error: { code: string; message: string; details?: unknown };
};
