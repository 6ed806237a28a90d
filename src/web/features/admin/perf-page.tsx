import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import type { TPerfReport, TPerfVitalRow } from '../../../shared/contracts/analytics.ts';
import { WEB_VITAL_NAMES, WEB_VITAL_THRESHOLDS, formatWebVital, rateWebVital, type WebVitalName } from '../../../shared/web-vitals.ts';
import { useBrowserZone } from '../../lib/browser-zone.ts';
import { errorMessage } from '../../lib/errors.ts';
import { AdminGate } from './admin-gate.tsx';
import { AdminPageHeader, PeriodSelect } from './admin-parts.tsx';
import type { PerfSeriesPoint } from './perf-chart.tsx';

const PerfChart = lazy(() => import('./perf-chart.tsx'));

const METRIC_TITLES: Record<WebVitalName, string> = {
  LCP: 'Largest Contentful Paint (loading)',
  INP: 'Interaction to Next Paint (responsiveness)',
  CLS: 'Cumulative Layout Shift (visual stability)',
  TTFB: 'Time to First Byte (server response)',
};
const RATING_TEXT = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const;
const RATING_CLASS = { good: 'text-green-800', 'needs-improvement': 'text-amber-800', poor: 'text-red-800' } as const;
const RANGES = [7, 30, 90] as const;

export default function PerfPage() {
  return (
    <AdminGate title="Performance">
      <Perf />
    </AdminGate>
  );
}

function Perf() {
  const zone = useBrowserZone();
  const [days, setDays] = useState<(typeof RANGES)[number]>(7);
  const rangeId = useId();
  const report = useQuery<TPerfReport>({
    queryKey: [`/api/admin/perf?days=${days}&tz=${encodeURIComponent(zone ?? 'UTC')}`],
    enabled: zone !== null,
    staleTime: 0,
  });
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <AdminPageHeader
        title="Performance"
        lead={
          <span className="block max-w-3xl">
            How fast Inkhaven is for real visitors: the 75th percentile of each Core Web Vital per page type and day (days in your time zone
            {zone ? `, ${zone}` : ''}), against the “good” thresholds. Only visitors who allowed analytics send these figures.
          </span>
        }
        actions={<PeriodSelect id={rangeId} value={days} options={RANGES} onChange={setDays} />}
      />
      {report.isPending ? (
        <p role="status" className="mt-6 text-stone-600">
          Loading performance figures…
        </p>
      ) : null}
      {report.error ? (
        <p role="alert" className="mt-6 text-red-800">
          {errorMessage(report.error)}
        </p>
      ) : null}
      {report.data ? (
        <>
          <h2 className="mt-10 text-xl font-semibold text-stone-900">Core Web Vitals</h2>
          {report.data.vitals.length === 0 ? (
            <p className="mt-3 text-stone-700">No measurements in this period yet. They arrive as visitors who allowed analytics open pages.</p>
          ) : (
            WEB_VITAL_NAMES.map((name) => <VitalSection key={name} name={name} rows={report.data.vitals.filter((r) => r.name === name)} />)
          )}
          <ServerTimings server={report.data.server} />
        </>
      ) : null}
    </section>
  );
}

function VitalSection({ name, rows }: { name: WebVitalName; rows: TPerfVitalRow[] }) {
  const headingId = useId();
  const t = WEB_VITAL_THRESHOLDS[name];
  const pageTypes = [...new Set(rows.map((r) => r.pageType))].sort();
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const series: PerfSeriesPoint[] = days.map((day) => ({
    day,
    ...Object.fromEntries(pageTypes.map((type) => [type, rows.find((r) => r.day === day && r.pageType === type)?.p75 ?? null])),
  }));
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-stone-200 p-4">
      <h3 id={headingId} className="text-lg font-semibold text-stone-900">
        {name}: {METRIC_TITLES[name]}
      </h3>
      <p className="text-sm text-stone-700">
        Good at or under {formatWebVital(name, t.good)}; poor above {formatWebVital(name, t.poor)}.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-stone-700">No {name} measurements in this period.</p>
      ) : (
        <>
          <Suspense fallback={<div className="h-56" />}>
            <PerfChart name={name} data={series} pageTypes={pageTypes} />
          </Suspense>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{name} at the 75th percentile per day and page type</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="py-2 pr-4">Day</th>
                  <th scope="col" className="py-2 pr-4">Page type</th>
                  <th scope="col" className="py-2 pr-4">p75</th>
                  <th scope="col" className="py-2 pr-4">Rating</th>
                  <th scope="col" className="py-2 pr-4">Samples</th>
                </tr>
              </thead>
              <tbody>
                {[...rows].sort((a, b) => b.day.localeCompare(a.day) || a.pageType.localeCompare(b.pageType)).map((r) => {
                  const rating = rateWebVital(name, r.p75);
                  return (
                    <tr key={`${r.day}-${r.pageType}`} className="border-b border-stone-100">
                      <td className="py-1.5 pr-4">{r.day}</td>
                      <td className="py-1.5 pr-4">{r.pageType}</td>
                      <td className="py-1.5 pr-4 font-mono">{formatWebVital(name, r.p75)}</td>
                      <td className={`py-1.5 pr-4 font-medium ${RATING_CLASS[rating]}`}>{RATING_TEXT[rating]}</td>
                      <td className="py-1.5 pr-4">{r.samples}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function ServerTimings({ server }: { server: TPerfReport['server'] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-stone-900">
        Server timings per route
      </h2>
      <p className="mt-1 text-stone-700">
        Response times measured by this server process since it started at{' '}
        <time dateTime={server.since}>{new Date(server.since).toLocaleString()}</time>; they reset on restart. Slowest routes (by p95) first.
      </p>
      {server.routes.length === 0 ? (
        <p className="mt-3 text-stone-700">No requests answered yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Server response times per route, in milliseconds</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-4">Route</th>
                <th scope="col" className="py-2 pr-4">Requests</th>
                <th scope="col" className="py-2 pr-4">p50</th>
                <th scope="col" className="py-2 pr-4">p95</th>
                <th scope="col" className="py-2 pr-4">p99</th>
                <th scope="col" className="py-2 pr-4">Slowest</th>
              </tr>
            </thead>
            <tbody>
              {server.routes.map((r) => (
                <tr key={`${r.method} ${r.route}`} className="border-b border-stone-100">
                  <th scope="row" className="py-1.5 pr-4 font-mono font-normal break-all">
                    {r.method} {r.route}
                  </th>
                  <td className="py-1.5 pr-4">{r.count}</td>
                  <td className="py-1.5 pr-4 font-mono">{r.p50} ms</td>
                  <td className="py-1.5 pr-4 font-mono">{r.p95} ms</td>
                  <td className="py-1.5 pr-4 font-mono">{r.p99} ms</td>
                  <td className="py-1.5 pr-4 font-mono">{r.max} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
