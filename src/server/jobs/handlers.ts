import { pruneUserEvents, scheduleUserEventsPrune } from '../realtime/retention.ts';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { COMPLETION_GRACE_HOURS } from '../../shared/booking-rules.ts';
import { dateKey, localDateOf } from '../../shared/zoned-time.ts';
import type { AppContext } from '../context.ts';
import { preparedPerDatabase, preparedSql, type Db, type DbOrTx, type Tx } from '../db/client.ts';
import { artistLicences, artistProfiles, bookingEvents, bookings, ledgerEntries, services, users, waitlistEntries } from '../db/schema/index.ts';
import { LICENCE_KIND_LABEL, VERIFICATION_PAGE_PATH } from '../../shared/contracts/identity.ts';
import { aftercareStepKey, loadPlan, makeAftercarePlan } from '../features/aftercare/plan.ts';
import { completeInTx } from '../features/booking/actions.ts';
import { syncBookingJobs, transitionBooking, type BookingRow } from '../features/booking/transitions.ts';
import { runGeneration } from '../features/designs/generate.ts';
import { releaseFlashDesign } from '../features/flash/service.ts';
import { pruneRawAnalytics, scheduleAnalyticsPrune } from '../features/analytics/retention.ts';
import { consentKindOf, isConsentSigned, loadConsentBooking } from '../features/consent/policy.ts';
import { expireLicenceInTx, licenceForReminder, licenceWithArtist } from '../features/identity/licences.ts';
import { markUnreadEmailed, unreadDigestFor } from '../features/messaging/unread-email.ts';
import { deliverMail, mailsJson, queueMailsSql, type MailMessage } from '../mail/mailer.ts';
import * as templates from '../mail/templates.ts';
import type { BookingFacts, Recipient, Rendered } from '../mail/templates.ts';
import { refundPaymentIssueJob } from '../payments/payment-issues.ts';
import { refundDepositJob } from '../payments/refund-job.ts';
import { insightsRollupJob } from '../features/insights/rollup.ts';
import { enqueueJobs, enqueueSlotFreed, type JobKind } from './queue.ts';

export type JobRecord = { id: string; kind: JobKind; payload: Record<string, unknown>; runAt: Date };
/** `run.now` is the worker pass's clock (tests move it forward); handlers compare deadlines with it. */
export type JobHandler = (ctx: AppContext, job: JobRecord, run: { now: Date }) => Promise<void>;

const ZBookingPayload = z.object({ bookingId: z.uuid() });
const ZNotifyPayload = z.object({ bookingId: z.uuid(), eventId: z.uuid() });
const ZReminderPayload = z.object({ bookingId: z.uuid(), startsAt: z.string() });
const ZSlotFreedPayload = z.object({ bookingId: z.uuid(), startsAt: z.string() });

// ---------------------------------------------------------------------------------------------
// Facts about a booking and its two people, for the messages.

type Loaded = { row: BookingRow; facts: BookingFacts; client: Recipient; artist: Recipient; artistId: string };

const clientUser = alias(users, 'client_user');
const artistUser = alias(users, 'artist_user');

/** Prepared once per database: every notice and reminder starts with it. */
const bookingWithPeople = preparedPerDatabase((db) =>
  db
    .select({
      b: bookings,
      serviceName: services.name,
      artist: { id: artistProfiles.id, displayName: artistProfiles.displayName, timezone: artistProfiles.timezone, userId: artistProfiles.userId },
      artistUser: { name: artistUser.name, email: artistUser.email },
      client: { name: clientUser.name, email: clientUser.email },
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .innerJoin(artistUser, eq(artistUser.id, artistProfiles.userId))
    .innerJoin(clientUser, eq(clientUser.id, bookings.clientId))
    .where(eq(bookings.id, sql.placeholder('bookingId')))
    .limit(1)
    .prepare('booking_with_people'),
);

async function loadBooking(db: Db, bookingId: string): Promise<Loaded | null> {
  const [r] = await bookingWithPeople(db).execute({ bookingId });
  if (!r) return null;
  const b = r.b;
  return {
    row: b,
    artistId: r.artist.id,
    facts: {
      id: b.id,
      serviceName: r.serviceName,
      artistName: r.artist.displayName,
      clientName: r.client.name,
      startsAt: b.startsAt,
      depositCents: b.depositCents,
      currency: b.currency,
      depositDueAt: b.depositDueAt,
      respondBy: b.respondBy,
      depositMethod: b.policy?.depositMethod ?? 'studio',
      depositInstructions: b.policy?.depositInstructions ?? '',
      depositStatus: b.depositStatus,
      artistMessage: b.artistMessage,
      cancelReason: b.cancelReason,
      instant: b.instant,
      status: b.status,
    },
    client: { userId: b.clientId, name: r.client.name, email: r.client.email, timezone: b.clientTimezone, role: 'client' },
    artist: { userId: r.artist.userId, name: r.artistUser.name, email: r.artistUser.email, timezone: r.artist.timezone, role: 'artist' },
  };
}

// ---------------------------------------------------------------------------------------------
// Delivery: the in-app notice and the mail's outbox row are written together, keyed by the mail's
// purpose, so a job that runs again (retry, crash) neither repeats the notice nor the mail.

type Outgoing = { purpose: string; to: Recipient; message: Rendered; actionUrl: string };

/** The outbox rows and, for the purposes not handled before, the in-app notices: one prepared statement. */
const mailsAndNoticesInsert = preparedSql<{ dedupe_key: string }>(
  'deliver_mails_and_notices',
  () => sql`
    WITH mails AS (${queueMailsSql()}),
    notices AS (
      INSERT INTO notifications (user_id, type, title, message, action_url, action_label)
      SELECT n.user_id, n.type::notification_type, n.title, n.message, n.action_url, n.action_label
      FROM json_to_recordset(${sql.placeholder('notices')}::json)
        AS n(key text, user_id text, type text, title text, message text, action_url text, action_label text)
      JOIN mails ON mails.dedupe_key = n.key
      -- A conversation keeps one unread message notice in the bell (messaging/service.ts).
      WHERE n.type <> 'message' OR NOT EXISTS (
        SELECT 1 FROM notifications x
        WHERE x.user_id = n.user_id AND x.type = 'message' AND x.action_url = n.action_url AND x.read_at IS NULL
      )
    )
    SELECT dedupe_key FROM mails`,
);

async function deliver(ctx: AppContext, outgoing: Outgoing[], alsoInTx?: (tx: Tx, created: boolean[]) => Promise<void>): Promise<void> {
  if (outgoing.length === 0) return;
  const keyOf = (o: Outgoing) => `${o.purpose}:${o.to.userId}`;
  // Without SMTP a mail ends in the outbox: it is written there at once, with nothing left to do.
  const smtp = Boolean(ctx.config.SMTP_URL);
  const mails: MailMessage[] = outgoing.map((o) => ({ dedupeKey: keyOf(o), to: o.to.email, subject: o.message.subject, text: o.message.text, html: o.message.html }));
  const notices = outgoing.map(({ to, message: { notice }, actionUrl }, i) => ({
    key: mails[i]!.dedupeKey,
    user_id: to.userId,
    type: notice.type,
    title: notice.title,
    message: notice.message,
    action_url: actionUrl,
    action_label: notice.actionLabel ?? null,
  }));
  const write = async (q: DbOrTx): Promise<boolean[]> => {
    const rows = await mailsAndNoticesInsert(q, {
      mails: mailsJson(mails),
      status: smtp ? 'queued' : 'outbox',
      notices: JSON.stringify(notices),
    });
    const fresh = new Set(rows.map((r) => r.dedupe_key));
    return mails.map((m) => fresh.has(m.dedupeKey));
  };
  const created = alsoInTx
    ? await ctx.database.db.transaction(async (tx) => {
        const fresh = await write(tx);
        await alsoInTx(tx, fresh);
        return fresh;
      })
    : await write(ctx.database.db);
  // SMTP happens after the commit, never inside a transaction. A purpose handled before (a job run
  // again) is looked at again: its mail may have failed or died in an earlier attempt.
  let failed = 0;
  for (const [i, mail] of mails.entries()) {
    if (created[i] && !smtp) continue;
    if ((await deliverMail(ctx, mail.dedupeKey, created[i] ? { fresh: true, written: mail } : { fresh: false })) === 'failed') failed += 1;
  }
  // Throwing makes the worker retry later; mails already sent are recognised by their purpose and skipped.
  if (failed > 0) throw new Error(`${failed} of ${outgoing.length} e-mails could not be handed to the SMTP server.`);
}

const linksFor = (ctx: AppContext, bookingId: string): templates.Links => ({ booking: `${ctx.publicUrl}/bookings/${bookingId}`, reviews: `${ctx.publicUrl}/reviews` });

// ---------------------------------------------------------------------------------------------
// booking.notify: who hears about which event.

/** The order in which a moment's events are told (the timeline's order). */
const TELL_ORDER = ['created', 'accepted', 'deposit_due', 'deposit_paid', 'confirmed', 'rescheduled', 'declined', 'cancelled', 'completed', 'no_show', 'expired', 'deposit_refunded', 'deposit_forfeited'];

/** The events written together with `eventId` (same booking, same transaction time). */
const eventsOfTheMoment = preparedPerDatabase((db) =>
  db
    .select()
    .from(bookingEvents)
    // Compared in SQL: a JS Date would drop the microseconds and match nothing.
    .where(
      and(
        eq(bookingEvents.bookingId, sql.placeholder('bookingId')),
        sql`${bookingEvents.createdAt} = (SELECT e.created_at FROM booking_events e WHERE e.id = ${sql.placeholder('eventId')})`,
      ),
    )
    .prepare('events_of_the_moment'),
);

/**
 * One job tells about every event of one moment: the events written in one transaction share
 * created_at (now() is the transaction's time), so the job's event finds its siblings. Each event's
 * messages keep their own purpose (`booking.notify:<eventId>`), so a job per event (as enqueued
 * before) or a job that runs again repeats nothing.
 */
async function notifyBookingEvent(ctx: AppContext, job: JobRecord): Promise<void> {
  const { bookingId, eventId } = ZNotifyPayload.parse(job.payload);
  const db = ctx.database.db;
  const [loaded, sameMoment] = await Promise.all([
    loadBooking(db, bookingId),
    eventsOfTheMoment(db).execute({ bookingId, eventId }),
  ]);
  if (!loaded || !sameMoment.some((e) => e.id === eventId)) return; // the booking is gone; nobody to tell
  const rank = (a: string) => (TELL_ORDER.includes(a) ? TELL_ORDER.indexOf(a) : TELL_ORDER.length);
  const ordered = [...sameMoment].sort((x, y) => rank(x.action) - rank(y.action) || x.id.localeCompare(y.id));
  const outgoing: Outgoing[] = [];
  for (const event of ordered) {
    const messages = await messagesFor(ctx, loaded, event, sameMoment);
    if (messages) outgoing.push(...messages);
  }
  await deliver(ctx, outgoing);
}

type BookingEventRow = typeof bookingEvents.$inferSelect;

/** Who hears about `event`, and what; null when nobody (or when a sibling event of the moment tells it). */
async function messagesFor(ctx: AppContext, loaded: Loaded, event: BookingEventRow, sameMoment: BookingEventRow[]): Promise<Outgoing[] | null> {
  const db = ctx.database.db;
  const bookingId = loaded.row.id;
  const { facts, client, artist } = loaded;
  const links = linksFor(ctx, bookingId);
  const bookingUrl = `/bookings/${bookingId}`;
  const purpose = `booking.notify:${event.id}`;
  const to = (people: Recipient[], render: (r: Recipient) => Rendered, actionUrl = bookingUrl): Outgoing[] =>
    people.map((r) => ({ purpose, to: r, message: render(r), actionUrl }));
  // One change told in several events gets one message: accepted + deposit_due, deposit_paid +
  // confirmed, an instant booking's created + accepted + deposit_due/confirmed, an artist's
  // cancellation + refund.
  const alsoHappened = (action: string) => sameMoment.some((e) => e.action === action);
  const note = event.note ?? null;
  // Who acted decides who is "the other party"; an admin acts with the artist's powers.
  const actorIsClient = event.actorId === client.userId;
  const actorIsArtist = event.actorId === artist.userId;
  const otherParty = actorIsClient ? [artist] : actorIsArtist ? [client] : [client, artist];
  const actorName = actorIsClient ? facts.clientName : facts.artistName;
  // The client already hears of the deposit in the cancellation notice when someone else cancelled.
  const cancelledByOther = sameMoment.some((e) => e.action === 'cancelled' && e.actorId !== client.userId);

  switch (event.action) {
    case 'created':
      return to(facts.instant ? [artist, client] : [artist], (r) => templates.bookingCreated(facts, r, links));
    case 'accepted':
      if (alsoHappened('deposit_due') || alsoHappened('created')) return null;
      return to([client], (r) => templates.bookingAccepted(facts, r, links, note));
    case 'deposit_due': {
      if (alsoHappened('created')) return null;
      const acceptNote = note ?? sameMoment.find((e) => e.action === 'accepted' && e.note)?.note ?? null;
      return to([client], (r) => templates.bookingAccepted(facts, r, links, acceptNote));
    }
    case 'deposit_paid':
      if (alsoHappened('confirmed')) return null;
      return to([client, artist], (r) => templates.bookingConfirmed(facts, r, links));
    case 'confirmed':
      if (alsoHappened('created')) return null;
      return to([client, artist], (r) => templates.bookingConfirmed(facts, r, links));
    case 'declined':
      return to([client], (r) => templates.bookingDeclined(facts, r, links, note ?? facts.artistMessage));
    case 'rescheduled': {
      const previous = typeof event.data.previousStartsAt === 'string' ? new Date(event.data.previousStartsAt) : null;
      return to(otherParty, (r) => templates.bookingRescheduled(facts, r, links, previous && !Number.isNaN(previous.getTime()) ? previous : null, actorName, note));
    }
    case 'cancelled':
      return to(otherParty, (r) => templates.bookingCancelled(facts, r, links, actorName, note ?? facts.cancelReason));
    case 'completed':
      return to([client], (r) => templates.bookingCompleted(facts, r, links), '/reviews');
    case 'no_show':
      return to([client], (r) => templates.bookingNoShow(facts, r, links));
    case 'expired':
      return to([client, artist], (r) => templates.bookingExpired(facts, r, links, event.fromStatus));
    case 'deposit_refunded': {
      if (cancelledByOther) return null;
      const [entry] = await db
        .select({ method: ledgerEntries.method })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, 'deposit_refunded')))
        .limit(1);
      return to([client], (r) => templates.depositRefunded(facts, r, links, entry?.method ?? null));
    }
    case 'deposit_forfeited':
      if (cancelledByOther) return null;
      return to([client], (r) => templates.depositForfeited(facts, r, links));
    default:
      return null; // an action nobody needs to hear about
  }
}

// ---------------------------------------------------------------------------------------------
// Expiry. Each re-reads the booking under a row lock (SELECT … FOR UPDATE) in its transaction: a
// deposit confirmation takes the same lock, so whichever comes first wins and the other sees it.

async function lockBooking(tx: Tx, bookingId: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  return row ?? null;
}

async function expireRequest(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId } = ZBookingPayload.parse(job.payload);
  await ctx.database.db.transaction(async (tx) => {
    const b = await lockBooking(tx, bookingId);
    if (!b || b.status !== 'requested' || !b.respondBy || b.respondBy.getTime() > run.now.getTime()) return;
    const row = await transitionBooking(tx, b, 'expired', { actorId: null, action: 'expired', note: 'The artist did not answer in time.' });
    if (!row) return;
    await syncBookingJobs(tx, row, run.now.getTime());
    if (row.flashDesignId) await releaseFlashDesign(tx, row.flashDesignId);
  });
}

async function expireDeposit(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId } = ZBookingPayload.parse(job.payload);
  await ctx.database.db.transaction(async (tx) => {
    const b = await lockBooking(tx, bookingId);
    if (!b || b.status !== 'awaiting_deposit' || b.depositStatus !== 'due' || !b.depositDueAt || b.depositDueAt.getTime() > run.now.getTime()) return;
    const row = await transitionBooking(tx, b, 'expired', { actorId: null, action: 'expired', note: 'The deposit was not paid in time.' });
    if (!row) return;
    await syncBookingJobs(tx, row, run.now.getTime());
    if (row.flashDesignId) await releaseFlashDesign(tx, row.flashDesignId);
    if (row.startsAt.getTime() > run.now.getTime()) await enqueueSlotFreed(tx, row);
  });
}

// ---------------------------------------------------------------------------------------------

async function remind(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId, startsAt } = ZReminderPayload.parse(job.payload);
  const loaded = await loadBooking(ctx.database.db, bookingId);
  if (!loaded || loaded.row.status !== 'confirmed') return;
  // A rescheduled booking has a new reminder of its own; this one was for the old time.
  if (loaded.row.startsAt.toISOString() !== new Date(startsAt).toISOString() || loaded.row.startsAt.getTime() <= run.now.getTime()) return;
  const links = linksFor(ctx, bookingId);
  await deliver(
    ctx,
    [loaded.client, loaded.artist].map((r) => ({
      purpose: `booking.reminder:${bookingId}:${loaded.row.startsAt.toISOString()}`,
      to: r,
      message: templates.bookingReminder(loaded.facts, r, links),
      actionUrl: `/bookings/${bookingId}`,
    })),
  );
}

const ZConsentReminderPayload = ZReminderPayload.extend({ hoursBefore: z.number().int().positive() });

/** 48 h and 2 h before a session: the client is reminded to sign, unless it is a consultation or already signed. */
async function remindConsent(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId, startsAt, hoursBefore } = ZConsentReminderPayload.parse(job.payload);
  const loaded = await confirmedAsScheduled(ctx.database.db, bookingId, startsAt);
  if (!loaded || loaded.row.startsAt.getTime() <= run.now.getTime()) return;
  const booking = await loadConsentBooking(ctx.database.db, bookingId);
  if (!booking || !consentKindOf(booking) || (await isConsentSigned(ctx.database.db, bookingId))) return;
  await deliver(ctx, [
    {
      purpose: `consent.reminder:${hoursBefore}h:${bookingId}:${loaded.row.startsAt.toISOString()}`,
      to: loaded.client,
      message: templates.consentReminder(loaded.facts, loaded.client, `${ctx.publicUrl}/consent-form?booking=${bookingId}`),
      actionUrl: `/consent-form?booking=${bookingId}`,
    },
  ]);
}

/** The booking as the job was scheduled for it, or null when it moved on or was rescheduled since. */
async function confirmedAsScheduled(db: DbOrTx, bookingId: string, startsAt: string) {
  const loaded = await loadBooking(db, bookingId);
  if (!loaded || loaded.row.status !== 'confirmed' || loaded.row.startsAt.toISOString() !== new Date(startsAt).toISOString()) return null;
  return loaded;
}

/** The appointment ended: ask the artist to mark it completed or a no-show (it completes by itself after the grace period). */
async function promptCompletion(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId, startsAt } = ZReminderPayload.parse(job.payload);
  const loaded = await confirmedAsScheduled(ctx.database.db, bookingId, startsAt);
  if (!loaded || loaded.row.endsAt.getTime() > run.now.getTime()) return;
  const autoCompletesAt = new Date(loaded.row.endsAt.getTime() + COMPLETION_GRACE_HOURS * 3_600_000);
  await deliver(ctx, [
    {
      purpose: `booking.completion_due:${bookingId}:${loaded.row.startsAt.toISOString()}`,
      to: loaded.artist,
      message: templates.bookingCompletionDue(loaded.facts, loaded.artist, linksFor(ctx, bookingId), autoCompletesAt),
      actionUrl: `/bookings/${bookingId}`,
    },
  ]);
}

/** Nobody marked the ended appointment within the grace period: it completes (the client can review it). */
async function autoComplete(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId, startsAt } = ZReminderPayload.parse(job.payload);
  await ctx.database.db.transaction(async (tx) => {
    const b = await lockBooking(tx, bookingId);
    if (!b || b.status !== 'confirmed' || b.startsAt.toISOString() !== new Date(startsAt).toISOString()) return;
    if (b.endsAt.getTime() + COMPLETION_GRACE_HOURS * 3_600_000 > run.now.getTime()) return;
    const row = await completeInTx(tx, b, { actorId: null, note: `Completed automatically: not marked within ${COMPLETION_GRACE_HOURS} hours of the end.`, data: { automatic: true } });
    if (row) await syncBookingJobs(tx, row, run.now.getTime());
  });
}

/**
 * A freed slot goes to the artist's waitlist: entries whose dates cover the slot's day (in the
 * artist's zone), oldest first, each told once per slot. The client who gave the slot up is skipped.
 */
async function announceFreedSlot(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId, startsAt: startsAtIso } = ZSlotFreedPayload.parse(job.payload);
  const startsAt = new Date(startsAtIso);
  if (Number.isNaN(startsAt.getTime())) throw new Error('waitlist.slot_freed: startsAt is not a time');
  if (startsAt.getTime() <= run.now.getTime()) return;
  const db = ctx.database.db;
  const [booking] = await db
    .select({ artistId: bookings.artistId, clientId: bookings.clientId, displayName: artistProfiles.displayName, timezone: artistProfiles.timezone })
    .from(bookings)
    .innerJoin(artistProfiles, eq(artistProfiles.id, bookings.artistId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking) return;
  const day = dateKey(localDateOf(startsAt, booking.timezone));
  const entries = await db
    .select({ id: waitlistEntries.id, clientId: waitlistEntries.clientId, name: users.name, email: users.email })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.clientId))
    .where(and(eq(waitlistEntries.artistId, booking.artistId), lte(waitlistEntries.fromDate, day), gte(waitlistEntries.toDate, day)))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  // One message per client, in the order of their oldest matching entry.
  const waiting = new Map<string, typeof entries>();
  for (const e of entries) if (e.clientId !== booking.clientId) waiting.set(e.clientId, [...(waiting.get(e.clientId) ?? []), e]);
  const clients = [...waiting.values()];
  const bookPath = `/book/${booking.artistId}`;
  const outgoing: Outgoing[] = clients.map(([e]) => {
    // The waitlist stores no zone for the client; their dates are the artist's dates, so times are shown in the artist's zone.
    const to: Recipient = { userId: e!.clientId, name: e!.name, email: e!.email, timezone: booking.timezone, role: 'client' };
    return {
      purpose: `waitlist.slot_freed:${bookingId}:${startsAt.toISOString()}`,
      to,
      message: templates.waitlistSlotFreed({ artistName: booking.displayName, startsAt, artistTimezone: booking.timezone, bookUrl: `${ctx.publicUrl}${bookPath}` }, to),
      actionUrl: bookPath,
    };
  });
  await deliver(ctx, outgoing, async (tx, created) => {
    const told = clients.filter((_, i) => created[i]).flat();
    if (told.length) await tx.update(waitlistEntries).set({ notifiedAt: run.now }).where(inArray(waitlistEntries.id, told.map((e) => e.id)));
  });
}

// ---------------------------------------------------------------------------------------------
// messaging.unread_email

const ZUnreadPayload = z.object({ conversationId: z.uuid(), userId: z.string().min(1) });

async function emailUnreadMessages(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { conversationId, userId } = ZUnreadPayload.parse(job.payload);
  const digest = await unreadDigestFor(ctx.database.db, conversationId, userId, run.now);
  if (!digest) return;
  const path = `/messages/${conversationId}`;
  // Users keep no time zone and the mail names no time: UTC is never shown.
  const to: Recipient = { ...digest.recipient, timezone: 'UTC', role: 'client' };
  await deliver(
    ctx,
    [{ purpose: `messaging.unread:${digest.latestMessageId}`, to, actionUrl: path, message: templates.unreadMessages({ fromName: digest.fromName, count: digest.count, latestText: digest.latestText, threadUrl: `${ctx.publicUrl}${path}` }, to) }],
    (tx) => markUnreadEmailed(tx, conversationId, userId, run.now),
  );
}

// ---------------------------------------------------------------------------------------------
// aftercare (features/aftercare): the plan of a completed session and its messages.

const ZAftercareStepPayload = z.object({ bookingId: z.uuid(), stepId: z.string().min(1) });

async function planAftercare(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { bookingId } = ZBookingPayload.parse(job.payload);
  await ctx.database.db.transaction(async (tx) => {
    const steps = await makeAftercarePlan(tx, bookingId, run.now);
    if (steps.length) await enqueueJobs(tx, steps);
  });
}

/** One message of the plan, to the client; keyed by booking and step, so a job run twice sends once. */
async function sendAftercareStep(ctx: AppContext, job: JobRecord): Promise<void> {
  const { bookingId, stepId } = ZAftercareStepPayload.parse(job.payload);
  const db = ctx.database.db;
  const [loaded, stored] = await Promise.all([loadBooking(db, bookingId), loadPlan(db, bookingId)]);
  if (!loaded || !stored || loaded.row.status !== 'completed') return;
  const step = stored.plan.steps.find((s) => s.id === stepId);
  if (!step) return;
  const path = `/bookings/${bookingId}/aftercare`;
  const client: Recipient = { ...loaded.client, timezone: stored.plan.timezone };
  await deliver(ctx, [
    { purpose: aftercareStepKey(bookingId, stepId), to: client, message: templates.aftercareStep(loaded.facts, client, step, `${ctx.publicUrl}${path}`), actionUrl: path },
  ]);
}

// ---------------------------------------------------------------------------------------------
// licence.reminder, licence.expire

const ZLicenceReminderPayload = z.object({ licenceId: z.uuid(), days: z.number().int().positive() });
const ZLicencePayload = z.object({ licenceId: z.uuid() });

async function licenceRecipient(ctx: AppContext, licenceId: string, which: 'approved' | 'any' = 'approved') {
  const found = which === 'approved' ? await licenceForReminder(ctx.database.db, licenceId) : await licenceWithArtist(ctx.database.db, licenceId);
  if (!found) return null;
  const [user] = await ctx.database.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, found.artist.userId));
  if (!user) return null;
  const to: Recipient = { userId: found.artist.userId, name: user.name, email: user.email, timezone: found.artist.timezone, role: 'artist' };
  const facts: templates.LicenceFacts = {
    kindLabel: LICENCE_KIND_LABEL[found.l.kind],
    issuingPlace: found.l.issuingPlace,
    expiresOn: found.l.expiresOn,
    pageUrl: `${ctx.publicUrl}${VERIFICATION_PAGE_PATH}`,
  };
  return { to, facts, licence: found.l };
}

async function remindLicence(ctx: AppContext, job: JobRecord): Promise<void> {
  const { licenceId, days } = ZLicenceReminderPayload.parse(job.payload);
  const found = await licenceRecipient(ctx, licenceId);
  if (!found) return;
  await deliver(ctx, [{ purpose: `licence.reminder:${licenceId}:${days}`, to: found.to, actionUrl: VERIFICATION_PAGE_PATH, message: templates.licenceExpiring(found.facts, found.to) }]);
}

const ZLicenceDecisionPayload = z.object({ licenceId: z.uuid(), decision: z.enum(['approved', 'rejected']) });

async function notifyLicenceDecision(ctx: AppContext, job: JobRecord): Promise<void> {
  const { licenceId, decision } = ZLicenceDecisionPayload.parse(job.payload);
  const found = await licenceRecipient(ctx, licenceId, 'any');
  // Deleted with the account, or decided the other way since: the newer decision's job tells the artist.
  if (!found || found.licence.status !== decision) return;
  const message = templates.licenceDecided({ ...found.facts, decision, note: found.licence.decisionNote }, found.to);
  await deliver(ctx, [{ purpose: `licence.decided:${licenceId}:${decision}`, to: found.to, actionUrl: VERIFICATION_PAGE_PATH, message }]);
}

async function expireLicence(ctx: AppContext, job: JobRecord, run: { now: Date }): Promise<void> {
  const { licenceId } = ZLicencePayload.parse(job.payload);
  const found = await licenceRecipient(ctx, licenceId);
  if (!found) return;
  const stillVerified = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(artistLicences)
    .where(and(eq(artistLicences.artistId, found.licence.artistId), eq(artistLicences.status, 'approved'), sql`${artistLicences.id} <> ${licenceId}`, sql`${artistLicences.expiresOn} >= ${run.now.toISOString().slice(0, 10)}::date`))
    .then(([r]) => Number(r?.n ?? 0) > 0);
  await deliver(
    ctx,
    [{ purpose: `licence.expired:${licenceId}`, to: found.to, actionUrl: VERIFICATION_PAGE_PATH, message: templates.licenceExpired({ ...found.facts, stillVerified }, found.to) }],
    async (tx) => {
      await expireLicenceInTx(tx, licenceId, run.now);
    },
  );
}

/** Raw analytics past the retention setting go; tomorrow's run is queued before this one is marked done. */
const pruneAnalytics: JobHandler = async (ctx, _job, run) => {
  await pruneRawAnalytics(ctx, run.now);
  await scheduleAnalyticsPrune(ctx, new Date(run.now.getTime() + 60_000));
};

/** The socket replay log past its keeping time goes; tomorrow's run is queued before this one is marked done. */
const pruneUserEventsJob: JobHandler = async (ctx, _job, run) => {
  await pruneUserEvents(ctx.database.db, run.now);
  await scheduleUserEventsPrune(ctx.database.db, new Date(run.now.getTime() + 60_000));
};

/** One handler per job kind; the worker (worker.ts) calls them. */
export const jobHandlers: Record<JobKind, JobHandler> = {
  'booking.expire_request': expireRequest,
  'booking.expire_deposit': expireDeposit,
  'booking.reminder': remind,
  'consent.reminder': remindConsent,
  'booking.completion_due': promptCompletion,
  'booking.auto_complete': autoComplete,
  'booking.notify': notifyBookingEvent,
  'waitlist.slot_freed': announceFreedSlot,
  'payment.refund': refundDepositJob,
  'payment.refund_issue': refundPaymentIssueJob,
  'messaging.unread_email': emailUnreadMessages,
  'designs.generate': (ctx, job) => runGeneration(ctx, job.payload),
  'aftercare.plan': planAftercare,
  'aftercare.step': sendAftercareStep,
  'licence.reminder': remindLicence,
  'licence.expire': expireLicence,
  'licence.decided': notifyLicenceDecision,
  'analytics.prune': pruneAnalytics,
  'insights.rollup': insightsRollupJob,
  'realtime.prune_events': pruneUserEventsJob,
};
