// Figures the benchmarks compute from their own timings (autocannon's histogram has no p95).

/** Nearest-rank percentile of `sorted` (ascending), e.g. response times in ms; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const latencies = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p975: percentile(sorted, 97.5), p99: percentile(sorted, 99) };
};

/** The median of several rounds' figures; with an even count, the mean of the middle two. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
