import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { artistProfiles, flashDesigns } from './marketplace.ts';

/**
 * Favourites (issue 11 §2): artists and flash designs a signed-in person saved to find again on
 * /dashboard. One row per (user, thing): the primary key makes saving twice a no-op, and a row
 * disappears with its user, artist or design (ON DELETE CASCADE).
 */
export const favouriteArtists = pgTable(
  'favourite_artists',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => artistProfiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.artistId] }),
    // Newest first on the dashboard.
    index('favourite_artists_user_created_idx').on(t.userId, t.createdAt),
    // The cascade from artist_profiles looks rows up by artist.
    index('favourite_artists_artist_idx').on(t.artistId),
  ],
);

export const favouriteFlashDesigns = pgTable(
  'favourite_flash_designs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flashDesignId: uuid('flash_design_id')
      .notNull()
      .references(() => flashDesigns.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.flashDesignId] }),
    index('favourite_flash_designs_user_created_idx').on(t.userId, t.createdAt),
    index('favourite_flash_designs_design_idx').on(t.flashDesignId),
  ],
);
