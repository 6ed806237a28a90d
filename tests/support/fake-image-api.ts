import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pngImage } from './image-fixtures.ts';

/**
 * A local OpenAI-compatible images service (`POST /v1/images/generations`), a real HTTP server the
 * design generator talks to when IMAGE_API_URL points at it. Each request is answered by the next
 * planned behaviour (the last one repeats): success with base64 PNGs as OpenAI shapes them, a
 * server error, no answer at all (a timeout), invalid JSON, a refusal, or bytes that are not an image.
 */
export type FakeImageBehaviour = 'ok' | 'error500' | 'error503' | 'hang' | 'bad-json' | 'refuse' | 'not-an-image';

export type RecordedImageRequest = { authorization: string | null; body: Record<string, unknown> };

export type FakeImageApi = {
  url: string;
  requests: RecordedImageRequest[];
  /** What the next requests get, in order; the last one repeats. */
  plan: (...behaviours: FakeImageBehaviour[]) => void;
  close: () => Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startFakeImageApi(): Promise<FakeImageApi> {
  let planned: FakeImageBehaviour[] = ['ok'];
  const requests: RecordedImageRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const colours = ['#b45309', '#1d4ed8', '#15803d', '#7e22ce'];

  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/images/generations') return json(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      const raw = await readBody(req);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return json(res, 400, { error: { message: 'We could not parse the JSON body of your request.', type: 'invalid_request_error' } });
      }
      requests.push({ authorization: req.headers.authorization ?? null, body });
      const behaviour = planned.length > 1 ? planned.shift()! : planned[0]!;
      switch (behaviour) {
        case 'error500':
          return json(res, 500, { error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
        case 'error503':
          return json(res, 503, { error: { message: 'The engine is currently overloaded.', type: 'server_error' } });
        case 'hang':
          hanging.add(res);
          return;
        case 'bad-json':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"created": 1, "data": [{"b64_json": "iVBOR');
        case 'refuse':
          return json(res, 400, { error: { message: 'Your request was rejected as a result of our safety system.', type: 'invalid_request_error', code: 'content_policy_violation' } });
        case 'not-an-image':
          return json(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: Buffer.from('<script>alert(1)</script>').toString('base64') }] });
        case 'ok': {
          const n = typeof body.n === 'number' ? body.n : 1;
          const data = await Promise.all(Array.from({ length: n }, async (_, i) => ({ b64_json: (await pngImage(256, 256, colours[i % colours.length])).toString('base64') })));
          return json(res, 200, { created: Math.floor(Date.now() / 1000), data });
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    plan: (...behaviours) => {
      planned = behaviours.length ? behaviours : ['ok'];
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
