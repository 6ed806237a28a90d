import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WS_CLOSE_POLICY, WS_PATH } from '../../shared/contracts/realtime.ts';
import type { Hub, HubSocket } from './hub.ts';

/** The Origin a browser sends from the app's own pages. */
function sameOrigin(origin: string | undefined, publicUrl: string): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * GET /ws (issue 12 §2). The session cookie authenticates (the app's preHandler resolved it before
 * the upgrade), and signing that session out closes the socket; another site's page (a foreign Origin) or a signed-out visitor is closed with 1008
 * and a reason. Frames over WS_FRAME_MAX_BYTES close with 1009 (the ws server's maxPayload). An
 * account with WS_MAX_SOCKETS_PER_USER sockets open gets 1008 for the next one (the hub decides).
 */
export async function realtimeRoutes(app: FastifyInstance, opts: { hub: Hub }) {
  const { ctx } = app;
  // Connecting costs a session lookup and a replay: at most WS_CONNECTS_PER_MINUTE per account (per
  // address when signed out), answered 429 before the upgrade. The app-wide preHandler that resolves
  // the session runs before this route's own, so the key is the account, which a client cannot forge.
  const connectLimit = app.rateLimit({
    max: ctx.config.WS_CONNECTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `ws:${request.user?.id ?? `ip:${request.ip}`}`,
  });
  app.get(WS_PATH, { websocket: true, preHandler: connectLimit }, (socket: HubSocket, request) => {
    if (!sameOrigin(request.headers.origin, ctx.publicUrl)) {
      socket.close(WS_CLOSE_POLICY, 'This socket is only for Inkhaven pages (Origin not allowed).');
      return;
    }
    const cookie = ctx.sessions.cookieValue(request);
    if (!request.user || !cookie) {
      socket.close(WS_CLOSE_POLICY, 'Sign in to connect.');
      return;
    }
    opts.hub.accept(socket, request.user, cookie);
  });
}
