import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consentAudit, CONSENT_AUDIT_EVENTS } from '../../db/schema/index.ts';

export type ConsentAuditEvent = (typeof CONSENT_AUDIT_EVENTS)[number];
/** Where a request came from, for the audit trail: the address Fastify believes (TRUST_PROXY) and the browser's own words. */
export type RequestMeta = { ip: string | null; userAgent: string | null };

const USER_AGENT_MAX = 300;

export function requestMeta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof ua === 'string' && ua ? ua.slice(0, USER_AGENT_MAX) : null };
}

export async function recordConsentAudit(db: DbOrTx, entry: { bookingId: string; event: ConsentAuditEvent; actorId: string | null; meta: RequestMeta; detail?: string; at?: Date }): Promise<void> {
  await db.insert(consentAudit).values({
    bookingId: entry.bookingId,
    event: entry.event,
    actorId: entry.actorId,
    ip: entry.meta.ip,
    userAgent: entry.meta.userAgent,
    detail: entry.detail ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}

/** The first row of an event for a booking (created, opened), or null. */
export async function firstConsentAudit(db: DbOrTx, bookingId: string, event: ConsentAuditEvent) {
  const [row] = await db
    .select()
    .from(consentAudit)
    .where(and(eq(consentAudit.bookingId, bookingId), eq(consentAudit.event, event)))
    .orderBy(asc(consentAudit.at))
    .limit(1);
  return row ?? null;
}
