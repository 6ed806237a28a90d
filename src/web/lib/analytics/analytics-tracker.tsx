import { useAnalyticsTracker } from './use-analytics-tracker.ts';

/** Mounted only once analytics is allowed, so visitors who never consent never load this code. */
export default function AnalyticsTracker() {
  useAnalyticsTracker();
  return null;
}
