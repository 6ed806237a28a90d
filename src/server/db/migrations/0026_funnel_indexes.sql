-- Admin funnels and click heatmap (issue 14 §3, decision 0030): partial indexes so the reports
-- read only the rows they need from analytics_events however large it grows. Funnel steps are
-- joined to journeys by session; heatmap clicks are read per path (query string dropped) or per
-- page type, within the period.
CREATE INDEX "analytics_events_funnel_session_idx" ON "analytics_events" USING btree ("session_id") WHERE "kind" = 'conversion_funnel';--> statement-breakpoint
CREATE INDEX "analytics_events_heatmap_path_idx" ON "analytics_events" USING btree (split_part("payload"->>'url', '?', 1), "created_at") WHERE "kind" = 'heatmap_click';--> statement-breakpoint
CREATE INDEX "analytics_events_heatmap_type_idx" ON "analytics_events" USING btree ("page_type", "created_at") WHERE "kind" = 'heatmap_click';
