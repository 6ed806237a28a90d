-- Search by City (issue 11 §4, decision 0017's addendum): the filter is lower(city) = lower($1), which
-- the plain btree on "city" cannot serve, so every city search read all of artist_profiles twice
-- (the page and its count): 30 ms on PostgreSQL with 10,000 artists. Ordered like the default sort
-- (best rated first), so a city's first page is read from the index and stops after a page.
-- Like the other search indexes (0003, 0006) it lives in SQL only; the Drizzle schema does not read it.
CREATE INDEX "artist_profiles_city_lower_idx" ON "artist_profiles" (lower("city"), "rating_sort" DESC, "id");
