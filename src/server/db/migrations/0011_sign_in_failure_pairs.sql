-- Sign-in failures are limited per account and network pair (growing delays), besides the
-- per-account and per-network ceilings the two existing indexes serve.
CREATE INDEX "sign_in_failures_pair_idx" ON "sign_in_failures" USING btree ("email","ip","created_at");
