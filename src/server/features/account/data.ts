import { randomUUID } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DELETED_USER_NAME, ZAccountDelete } from '../../../shared/contracts/identity.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { AppContext } from '../../context.ts';
import {
  accounts,
  artistDrafts,
  artistLicences,
  artistProfiles,
  bookingEvents,
  bookingImages,
  bookings,
  conversationParticipants,
  conversations,
  favouriteArtists,
  favouriteFlashDesigns,
  flashDesigns,
  messageImages,
  messages,
  notifications,
  portfolioImages,
  problemReports,
  reports,
  reviewImages,
  reviews,
  services,
  sessions,
  userBlocks,
  users,
  waitlistEntries,
} from '../../db/schema/index.ts';
import { AppError, validate } from '../../http/app-error.ts';
import { contentTypeOf, LocalStorage } from '../../storage/local-storage.ts';

/**
 * Account data (issue 13 §3, decision 0023): "export my data" and "delete my account". Both act on
 * the signed-in person only; no route takes a user id.
 */

export const EXPORT_FORMAT = 'inkhaven-account-export';
export const EXPORT_VERSION = 1;

type StoredFile = { storageKey: string; thumbKey?: string };
export type ExportedFile = { kind: string; id: string; key: string; contentType: string; base64: string };

/** Rows as JSON keeps them: dates become ISO strings. Secrets (session tokens, the calendar feed token, password hashes) are never selected. */
export async function exportMyData(ctx: AppContext, user: SessionUser, now = new Date()) {
  const db = ctx.database.db;
  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, avatarKey: users.avatarKey, emailUnreadMessages: users.emailUnreadMessages, createdAt: users.createdAt, updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, user.id));
  const [artistRow] = await db.select().from(artistProfiles).where(eq(artistProfiles.userId, user.id));
  const artist = artistRow ? (({ calendarToken: _secret, ...rest }) => rest)(artistRow) : null;
  const artistId = artist?.id ?? null;
  const byArtist = <T>(load: (id: string) => Promise<T[]>) => (artistId ? load(artistId) : Promise.resolve([] as T[]));

  const [
    signIns,
    myServices,
    portfolio,
    flash,
    licences,
    bookingsAsClient,
    bookingsAsArtist,
    reviewsWritten,
    reviewsReceived,
    favArtists,
    favFlash,
    myNotifications,
    myReports,
    myProblemReports,
    myBlocks,
    waitlist,
    myBookingImages,
    myReviewImages,
    myMessageImages,
  ] = await Promise.all([
    db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, user.id)),
    byArtist((id) => db.select().from(services).where(eq(services.artistId, id))),
    byArtist((id) => db.select().from(portfolioImages).where(eq(portfolioImages.artistId, id))),
    byArtist((id) => db.select().from(flashDesigns).where(eq(flashDesigns.artistId, id))),
    byArtist((id) => db.select().from(artistLicences).where(eq(artistLicences.artistId, id))),
    db.select().from(bookings).where(eq(bookings.clientId, user.id)),
    byArtist((id) => db.select().from(bookings).where(eq(bookings.artistId, id))),
    db.select().from(reviews).where(eq(reviews.authorId, user.id)),
    byArtist((id) => db.select().from(reviews).where(eq(reviews.artistId, id))),
    db.select().from(favouriteArtists).where(eq(favouriteArtists.userId, user.id)),
    db.select().from(favouriteFlashDesigns).where(eq(favouriteFlashDesigns.userId, user.id)),
    db.select().from(notifications).where(eq(notifications.userId, user.id)),
    db.select().from(reports).where(eq(reports.reporterId, user.id)),
    db
      .select({ reference: problemReports.reference, title: problemReports.title, description: problemReports.description, page: problemReports.page, browser: problemReports.browser, githubIssueUrl: problemReports.githubIssueUrl, createdAt: problemReports.createdAt })
      .from(problemReports)
      .where(eq(problemReports.reporterId, user.id)),
    db.select({ blockedId: userBlocks.blockedId, createdAt: userBlocks.createdAt }).from(userBlocks).where(eq(userBlocks.blockerId, user.id)),
    db.select().from(waitlistEntries).where(eq(waitlistEntries.clientId, user.id)),
    db.select().from(bookingImages).where(eq(bookingImages.ownerId, user.id)),
    db.select().from(reviewImages).where(eq(reviewImages.ownerId, user.id)),
    db.select().from(messageImages).where(eq(messageImages.ownerId, user.id)),
  ]);
  const bookingIds = [...bookingsAsClient, ...bookingsAsArtist].map((b) => b.id);
  const events = bookingIds.length ? await db.select().from(bookingEvents).where(inArray(bookingEvents.bookingId, bookingIds)).orderBy(asc(bookingEvents.createdAt)) : [];
  // The conversations I am in, with every message in them: a correspondence belongs to both its people.
  const myConversations = await db
    .select({ id: conversations.id, bookingId: conversations.bookingId, createdAt: conversations.createdAt })
    .from(conversations)
    .innerJoin(conversationParticipants, and(eq(conversationParticipants.conversationId, conversations.id), eq(conversationParticipants.userId, user.id)));
  const threadMessages = myConversations.length
    ? await db
        .select({ id: messages.id, conversationId: messages.conversationId, fromMe: sql<boolean>`${messages.senderId} = ${user.id}`, text: messages.text, createdAt: messages.createdAt })
        .from(messages)
        .where(inArray(messages.conversationId, myConversations.map((c) => c.id)))
        .orderBy(asc(messages.createdAt), asc(messages.id))
    : [];

  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  const files: ExportedFile[] = [];
  const addFiles = async (kind: string, rows: Array<StoredFile & { id: string }>) => {
    for (const row of rows) {
      const data = await storage.get(row.storageKey);
      if (data) files.push({ kind, id: row.id, key: row.storageKey, contentType: contentTypeOf(row.storageKey) ?? 'application/octet-stream', base64: data.toString('base64') });
    }
  };
  if (account?.avatarKey) await addFiles('avatar', [{ id: user.id, storageKey: account.avatarKey }]);
  await addFiles('booking_photo', myBookingImages);
  await addFiles('review_photo', myReviewImages);
  await addFiles('message_photo', myMessageImages);
  await addFiles('portfolio', portfolio);
  await addFiles('flash', flash);
  await addFiles('licence', licences);

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account,
    sessions: signIns,
    artistProfile: artist,
    services: myServices,
    portfolio,
    flashDesigns: flash,
    licences,
    bookingsAsClient,
    bookingsAsArtist,
    bookingEvents: events,
    bookingPhotos: myBookingImages,
    reviewsWritten,
    reviewsReceived,
    reviewPhotos: myReviewImages,
    favourites: { artists: favArtists, flashDesigns: favFlash },
    notifications: myNotifications,
    conversations: myConversations.map((c) => ({ ...c, messages: threadMessages.filter((m) => m.conversationId === c.id) })),
    messagePhotos: myMessageImages,
    reports: myReports,
    problemReports: myProblemReports,
    blocks: myBlocks,
    waitlist,
    files,
  };
}

/**
 * POST /api/account/delete `{ password }`: the password again, then the account is gone for good.
 * Kept, anonymised: the user row (bookings, reviews and messages point at it; its name becomes
 * "Deleted user", its e-mail a placeholder nobody can receive), an artist's profile when clients
 * have bookings with it (out of search and profiles), the bookings and what the other person
 * needs of them (times, prices, deposits and the ledger, the messages they exchanged, and the
 * photos sent in them and attached to bookings). Removed: sign-in (credentials and every session,
 * sockets closed), favourites, notifications, drafts, waitlist places, blocks, licences, the
 * avatar, portfolio and flash; an artist without bookings loses the profile entirely.
 */
export async function deleteMyAccount(ctx: AppContext, user: SessionUser, body: unknown, now = new Date()): Promise<void> {
  const { password } = validate(ZAccountDelete, body);
  const db = ctx.database.db;
  const [credential] = await db.select({ hash: accounts.password }).from(accounts).where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential'))).limit(1);
  if (!credential?.hash) throw new AppError('BAD_REQUEST', 'Your account signs in through another provider and has no password here; contact support to delete it.');
  if (!(await verifyPassword({ hash: credential.hash, password }))) throw new AppError('INVALID_CREDENTIALS', 'That password is not right. Type the password you sign in with.');

  const doomedFiles: StoredFile[] = [];
  const tokens = await db.transaction(async (tx) => {
    const [me] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(and(eq(users.id, user.id), isNull(users.deletedAt))).for('update');
    if (!me) return [];
    if (me.avatarKey) doomedFiles.push({ storageKey: me.avatarKey });
    const [artist] = await tx.select({ id: artistProfiles.id }).from(artistProfiles).where(eq(artistProfiles.userId, user.id));
    if (artist) {
      doomedFiles.push(
        ...(await tx.delete(portfolioImages).where(eq(portfolioImages.artistId, artist.id)).returning({ storageKey: portfolioImages.storageKey, thumbKey: portfolioImages.thumbKey })),
        ...(await tx.delete(artistLicences).where(eq(artistLicences.artistId, artist.id)).returning({ storageKey: artistLicences.storageKey, thumbKey: artistLicences.thumbKey })),
      );
      const [booked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.artistId, artist.id)).limit(1);
      if (booked) {
        // Flash designs a booking names stay (set null on delete would lose what was tattooed): their files go, the rows stay hidden with the profile.
        doomedFiles.push(...(await tx.select({ storageKey: flashDesigns.storageKey, thumbKey: flashDesigns.thumbKey }).from(flashDesigns).where(eq(flashDesigns.artistId, artist.id))));
        await tx.update(services).set({ active: false }).where(eq(services.artistId, artist.id));
        await tx
          .update(artistProfiles)
          .set({
            displayName: DELETED_USER_NAME,
            slug: `deleted-${randomUUID()}`,
            bio: '',
            styles: [],
            instagram: null,
            verified: false,
            acceptInquiries: false,
            calendarToken: null,
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(artistProfiles.id, artist.id));
      } else {
        doomedFiles.push(...(await tx.delete(flashDesigns).where(eq(flashDesigns.artistId, artist.id)).returning({ storageKey: flashDesigns.storageKey, thumbKey: flashDesigns.thumbKey })));
        await tx.delete(artistProfiles).where(eq(artistProfiles.id, artist.id));
      }
    }
    // Photos uploaded but never sent or attached belong to nobody else.
    doomedFiles.push(
      ...(await tx.delete(messageImages).where(and(eq(messageImages.ownerId, user.id), isNull(messageImages.messageId))).returning({ storageKey: messageImages.storageKey, thumbKey: messageImages.thumbKey })),
      ...(await tx.delete(bookingImages).where(and(eq(bookingImages.ownerId, user.id), isNull(bookingImages.bookingId))).returning({ storageKey: bookingImages.storageKey, thumbKey: bookingImages.thumbKey })),
      ...(await tx.delete(reviewImages).where(and(eq(reviewImages.ownerId, user.id), isNull(reviewImages.reviewId))).returning({ storageKey: reviewImages.storageKey, thumbKey: reviewImages.thumbKey })),
    );
    await tx.delete(favouriteArtists).where(eq(favouriteArtists.userId, user.id));
    await tx.delete(favouriteFlashDesigns).where(eq(favouriteFlashDesigns.userId, user.id));
    await tx.delete(notifications).where(eq(notifications.userId, user.id));
    await tx.delete(artistDrafts).where(eq(artistDrafts.userId, user.id));
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.clientId, user.id));
    await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, user.id), eq(userBlocks.blockedId, user.id)));
    // Problem reports are about the app (and may already be GitHub issues): they stay, no longer tied to the person.
    await tx.update(problemReports).set({ reporterId: null }).where(eq(problemReports.reporterId, user.id));
    await tx.delete(accounts).where(eq(accounts.userId, user.id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ token: sessions.token });
    await tx
      .update(users)
      .set({
        name: DELETED_USER_NAME,
        // Unique and never deliverable (.invalid is reserved): the e-mail can sign up again as a new account.
        email: `deleted-${user.id}@deleted.invalid`,
        emailVerified: false,
        image: null,
        avatarKey: null,
        isAdmin: false,
        emailUnreadMessages: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    return ended.map((s) => s.token);
  });
  // After the commit: every server forgets the sessions and closes their sockets.
  for (const token of tokens) await ctx.sessions.broadcastRevocation(token);
  await ctx.sessions.broadcastUserChanged(user.id);
  const storage = new LocalStorage(ctx.config.STORAGE_DIR);
  for (const file of doomedFiles) {
    for (const key of [file.storageKey, file.thumbKey]) if (key) await storage.delete(key).catch(() => {});
  }
}
