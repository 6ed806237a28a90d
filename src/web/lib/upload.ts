import { ApiError, clearCsrfToken, CSRF_MESSAGES, getCsrfToken, isNetworkError, NetworkError } from './api.ts';

export type UploadProgress = { loaded: number; total: number; /** 0–1 */ fraction: number };

type Answer = { status: number; text: string };

/**
 * POST a form with upload progress (fetch cannot report it; XMLHttpRequest can). Same contract
 * as apiRequest: credentials, the CSRF token with one retry after a CSRF 403, and a non-ok
 * answer throws ApiError("{status}: {body}"). Resolves with the parsed JSON body.
 */
export async function uploadWithProgress<T>(
  url: string,
  formData: FormData,
  onProgress?: (progress: UploadProgress) => void,
  opts: { signal?: AbortSignal; method?: 'POST' | 'PUT' } = {},
): Promise<T> {
  const send = (token: string) =>
    new Promise<Answer>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(opts.method ?? 'POST', url);
      xhr.withCredentials = true;
      xhr.setRequestHeader('X-CSRF-Token', token);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.({ loaded: event.loaded, total: event.total, fraction: event.loaded / event.total });
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new NetworkError('write'));
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      if (opts.signal) {
        if (opts.signal.aborted) xhr.abort();
        else opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      }
      xhr.send(formData);
    });

  let token: string;
  try {
    token = await getCsrfToken();
  } catch (error) {
    if (isNetworkError(error)) throw error;
    throw new Error(CSRF_MESSAGES.required, { cause: error });
  }
  let answer = await send(token);
  if (answer.status === 403 && /csrf/i.test(answer.text)) {
    clearCsrfToken();
    try {
      token = await getCsrfToken();
    } catch (error) {
      if (isNetworkError(error)) throw error;
      throw new Error(CSRF_MESSAGES.expired, { cause: error });
    }
    answer = await send(token);
    if (answer.status === 403 && /csrf/i.test(answer.text)) throw new Error(CSRF_MESSAGES.expired);
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.text || 'Upload failed');
  return (answer.text ? JSON.parse(answer.text) : null) as T;
}
