import { useSearchParams } from 'react-router';
import { FORM_DONE_PARAM, FORM_ERROR_PARAM } from '../../shared/form-result.ts';
import { sentence } from './field.tsx';

/**
 * What a natively posted form did (src/server/http/form-post.ts answers 303 back with `?done=` or
 * `?error=`): a status line or an alert at the top of the page. `messages` words the done codes.
 */
export function FormResult({ messages }: { messages: Record<string, string> }) {
  const [params] = useSearchParams();
  const done = params.get(FORM_DONE_PARAM);
  const error = params.get(FORM_ERROR_PARAM);
  if (error) return <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{sentence(error)}</p>;
  if (done && messages[done]) return <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">{messages[done]}</p>;
  return null;
}
