import { z } from 'zod';

/**
 * The optional image service (IMAGE_API_URL): any OpenAI-compatible `POST /v1/images/generations`
 * (OpenAI, Azure's compatible endpoint, LocalAI and the like). One call asks for all four designs.
 * Each call has a timeout; a 5xx, a 429 or a dropped connection is tried again a bounded number of
 * times with growing waits; anything else fails at once. Failures are ImageServiceError with a
 * message written for the person waiting on the page (never the key, never the raw body).
 */

export const IMAGE_API_ATTEMPTS = 3;
/** Wait before retry n (1-based): 500 ms, 1 s, … */
export const imageApiBackoffMs = (retry: number) => 500 * 2 ** (retry - 1);

export class ImageServiceError extends Error {
  override name = 'ImageServiceError';
}

export type ImageServiceSettings = { url: string; key?: string; model: string; timeoutMs: number };
export type ImageRequest = { prompt: string; n: number; size: '256x256' | '512x512' | '1024x1024' };

const ZImagesResponse = z.object({ data: z.array(z.object({ b64_json: z.string().min(1) })).min(1) });
const ZErrorBody = z.object({ error: z.object({ message: z.string() }) });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const endpoint = (base: string) => `${base.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/images/generations`;

/** What the service said was wrong, cut short: shown to the person, so nothing long or binary. */
async function refusal(res: Response): Promise<string> {
  const parsed = ZErrorBody.safeParse(await res.json().catch(() => null));
  const text = parsed.success ? parsed.data.error.message.replace(/[\p{Cc}]/gu, ' ').slice(0, 200) : '';
  return text ? `: ${text}` : '.';
}

/** Four (or `n`) decoded images, as the service sent them; the caller checks and re-encodes them. */
export async function requestImages(settings: ImageServiceSettings, request: ImageRequest): Promise<Buffer[]> {
  const body = JSON.stringify({ model: settings.model, prompt: request.prompt, n: request.n, size: request.size, response_format: 'b64_json' });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.key) headers.authorization = `Bearer ${settings.key}`;
  let lastProblem = '';
  for (let attempt = 1; attempt <= IMAGE_API_ATTEMPTS; attempt++) {
    if (attempt > 1) await sleep(imageApiBackoffMs(attempt - 1));
    let res: Response;
    try {
      res = await fetch(endpoint(settings.url), { method: 'POST', headers, body, signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        // Not retried: the person has already waited the whole timeout once.
        const seconds = Math.max(1, Math.round(settings.timeoutMs / 1000));
        throw new ImageServiceError(`The image service did not answer within ${seconds} second${seconds === 1 ? '' : 's'}. Please try again later.`);
      }
      lastProblem = 'could not be reached';
      continue;
    }
    if (res.status >= 500 || res.status === 429) {
      await res.body?.cancel().catch(() => {});
      lastProblem = `answered with an error (HTTP ${res.status})`;
      continue;
    }
    if (!res.ok) throw new ImageServiceError(`The image service refused this request (HTTP ${res.status})${await refusal(res)}`);
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new ImageServiceError('The image service sent an answer that is not valid JSON. Please try again later.');
    }
    const parsed = ZImagesResponse.safeParse(json);
    if (!parsed.success) throw new ImageServiceError('The image service answered without any images we could read. Please try again later.');
    return parsed.data.data.slice(0, request.n).map((d) => Buffer.from(d.b64_json, 'base64'));
  }
  throw new ImageServiceError(`The image service ${lastProblem} ${IMAGE_API_ATTEMPTS} times in a row. Please try again in a few minutes.`);
}
