// The part of autocannon's API that bench/api.ts, bench/search.ts and bench/booking.ts use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p97_5: number; p99: number };
  export type Result = {
    url: string;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export type RequestParams = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };
  /** One entry of `requests`; `setupRequest` runs for every request sent, so each can differ (bench/booking.ts). */
  export type Request = RequestParams & {
    setupRequest?: (req: RequestParams & { headers: Record<string, string> }, context: Record<string, unknown>) => RequestParams | null;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: string;
    timeout?: number;
    requests?: Request[];
    /** Requests per second from all connections together (bench/analytics.ts: ingest at a fixed rate). */
    overallRate?: number;
  };
  /** The running job: awaitable, and an event emitter (bench/search.ts times every response). */
  export type Instance = PromiseLike<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    stop(): void;
  };
  export default function autocannon(opts: Options): Instance;
}
