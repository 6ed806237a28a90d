import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables owned by better-auth (plural model names). Column names follow its
// defaults so the adapter needs no field mapping.
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** The uploaded avatar (a square WebP under avatars/); null shows the generated monogram. */
  avatarKey: text('avatar_key'),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** E-mail me about messages still unread 15 minutes after they were sent (account settings). */
  emailUnreadMessages: boolean('email_unread_messages').notNull().default(true),
  /** Set when the person deleted their account: the row stays, anonymised, for the bookings others keep (decision 0023). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Set by an admin (/admin/users): the person cannot sign in, and every session was ended when it was set (decision 0027). */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('users_created_idx').on(t.createdAt)]);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-in attempts of the last day, counted per account and network, per network and per
 * account (features/auth/sign-in-throttle.ts). `ip` is the client's network key: the IPv4 address,
 * or the IPv6 /64 (http/client-network.ts).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.createdAt),
    index('sign_in_failures_ip_idx').on(t.ip, t.createdAt),
    index('sign_in_failures_pair_idx').on(t.email, t.ip, t.createdAt),
  ],
);
