import { ApiError } from './api.ts';

/** Words for a person: our server's `{message}` when there is one, else the error's own text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message ?? error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
