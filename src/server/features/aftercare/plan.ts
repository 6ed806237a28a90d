import { eq } from 'drizzle-orm';
import { aftercareDeliveries, buildAftercarePlan, healingRangeFor, type TAftercarePlan } from '../../../shared/aftercare-plan.ts';
import { dateKey, localDateOf, parseDateKey, type LocalDate } from '../../../shared/zoned-time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { aftercarePlans, bookings, services } from '../../db/schema/index.ts';
import type { EnqueueJob } from '../../jobs/queue.ts';

type PlanRow = typeof aftercarePlans.$inferSelect;

/** Dedupe key of one message's job: one job per booking and step, whoever enqueues it. */
export const aftercareStepKey = (bookingId: string, stepId: string) => `aftercare.step:${bookingId}:${stepId}`;

export function planOf(row: PlanRow): { plan: TAftercarePlan; dayOne: LocalDate } {
  const dayOne = parseDateKey(row.dayOne);
  if (!dayOne) throw new Error(`aftercare plan of ${row.bookingId}: day_one is not a date`);
  const plan = buildAftercarePlan({
    kind: row.kind,
    timezone: row.timezone,
    dayOne,
    healing: { min: row.healingMin, max: row.healingMax, unit: row.healingUnit },
    styleName: row.styleName,
  });
  return { plan, dayOne };
}

export async function loadPlan(db: DbOrTx, bookingId: string): Promise<{ row: PlanRow; plan: TAftercarePlan; dayOne: LocalDate } | null> {
  const [row] = await db.select().from(aftercarePlans).where(eq(aftercarePlans.bookingId, bookingId)).limit(1);
  return row ? { row, ...planOf(row) } : null;
}

/**
 * A session completed (the `aftercare.plan` job the completion's booking event enqueued): store its
 * plan, frozen as the service and the client's zone are now, and return the message jobs to enqueue.
 * Nothing for a consultation, a service that needs no aftercare, or a booking that is not completed;
 * a plan already made is left as it is (the job ran before), and its jobs are returned again (their
 * dedupe keys make that harmless).
 */
export async function makeAftercarePlan(tx: DbOrTx, bookingId: string, now: Date): Promise<Array<Omit<EnqueueJob, 'replace'>>> {
  const [b] = await tx
    .select({
      status: bookings.status,
      startsAt: bookings.startsAt,
      clientTimezone: bookings.clientTimezone,
      kind: services.kind,
      aftercareRequired: services.aftercareRequired,
      piercingStyle: services.piercingStyle,
      healingTime: services.healingTime,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!b || b.status !== 'completed' || b.kind === 'consultation' || !b.aftercareRequired) return [];
  const { range, styleName } = healingRangeFor({ kind: b.kind, piercingStyle: b.piercingStyle, healingTime: b.healingTime });
  await tx
    .insert(aftercarePlans)
    .values({
      bookingId,
      kind: b.kind,
      timezone: b.clientTimezone,
      dayOne: dateKey(localDateOf(b.startsAt, b.clientTimezone)),
      healingMin: range.min,
      healingMax: range.max,
      healingUnit: range.unit,
      styleName,
    })
    .onConflictDoNothing({ target: aftercarePlans.bookingId });
  const stored = await loadPlan(tx, bookingId);
  if (!stored) return [];
  return aftercareDeliveries(stored.plan, now).map(({ step, runAt }) => ({
    kind: 'aftercare.step',
    payload: { bookingId, stepId: step.id },
    runAt,
    dedupeKey: aftercareStepKey(bookingId, step.id),
  }));
}
