import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session.ts';
import { forbidden, unauthorized } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved once per request by the auth hook: the signed-in user or null. */
    user: SessionUser | null;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('This area is for administrators only.');
  return user;
}
