import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { INSIGHT_MAX_DAYS, type TInsightRange, type TInsights } from '../../../shared/contracts/insights.ts';
import { formatCount, formatMoney } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorNote, Skeleton } from './dashboard-parts.tsx';
import { csvOf, type CsvColumn } from './insights-csv.ts';

const PRESETS: Array<[Exclude<TInsightRange, 'custom'>, string]> = [
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
];
const pct = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`);
const AXIS = { fontSize: 12, fill: '#44403c' };
const shortDay = (day: string) => day.slice(5);

type Row = Record<string, string | number | null>;

/** Save a CSV made in the browser (nothing is sent anywhere). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/**
 * One chart with its figures: the chart (one labelled image), a button that swaps it for a table of
 * the same rows, and a CSV of those rows.
 */
function ChartCard({ title, summary, rows, columns, file, children }: { title: string; summary: string; rows: Row[]; columns: CsvColumn[]; file: string; children: ReactNode }) {
  const [table, setTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-stone-200 p-3">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-stone-900">{title}</h3>
        <div className="flex gap-2">
          <Button variant="secondary" className="px-2 py-1 text-xs" aria-pressed={table} onClick={() => setTable(!table)}>
            {table ? 'Show chart' : 'Show table'}
          </Button>
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => download(file, csvOf(rows, columns))}>
            Download CSV<span className="sr-only"> of {title}</span>
          </Button>
        </div>
      </div>
      {table ? (
        <div className="max-h-72 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="text-xs uppercase tracking-wide text-stone-600">
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className="py-1 pr-3 font-medium">{c.label}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((r, i) => (
                <tr key={i}>
                  {columns.map((c, j) =>
                    j === 0 ? (
                      <th key={c.key} scope="row" className="py-1 pr-3 font-normal text-stone-900">{c.format ? c.format(r[c.key] ?? null) : String(r[c.key] ?? '—')}</th>
                    ) : (
                      <td key={c.key} className="py-1 pr-3 text-stone-900">{c.format ? c.format(r[c.key] ?? null) : String(r[c.key] ?? '—')}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-label={`${title}: ${summary}`} className="h-48 w-full">
          {children}
        </div>
      )}
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-md bg-stone-50 p-3">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="text-xl font-bold text-stone-900">{value}</dd>
      {note ? <dd className="text-xs text-stone-700">{note}</dd> : null}
    </div>
  );
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The Insights tab: how the profile is found and booked, over a period, in the artist's time zone. Loaded on its own (recharts). */
export default function InsightsPanel({ zone }: { zone: string }) {
  // A custom period can arrive in the address (the form below is a GET search, so it works before hydration and can be bookmarked).
  const [params] = useSearchParams();
  const linked = DAY_RE.test(params.get('from') ?? '') && DAY_RE.test(params.get('to') ?? '') ? { from: params.get('from')!, to: params.get('to')! } : null;
  const [range, setRange] = useState<TInsightRange>(linked ? 'custom' : '30');
  const [custom, setCustom] = useState<{ from: string; to: string } | null>(linked);
  const [draft, setDraft] = useState(linked ?? { from: '', to: '' });
  const [draftError, setDraftError] = useState<string | null>(null);
  const url = range === 'custom' && custom ? `/api/artists/me/insights?range=custom&from=${custom.from}&to=${custom.to}` : `/api/artists/me/insights?range=${range === 'custom' ? '30' : range}`;
  const query = useQuery<TInsights>({ queryKey: [url], staleTime: 60_000 });
  const ids = { from: useId(), to: useId() };

  const applyCustom = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.from || !draft.to) return setDraftError('Pick both dates.');
    if (draft.to < draft.from) return setDraftError('The end date must not be before the start date.');
    const days = (Date.parse(draft.to) - Date.parse(draft.from)) / 86_400_000 + 1;
    if (days > INSIGHT_MAX_DAYS) return setDraftError(`Pick at most ${INSIGHT_MAX_DAYS} days.`);
    setDraftError(null);
    setCustom({ ...draft });
    setRange('custom');
  };

  const d = query.data;
  const series = d?.series ?? [];
  const file = (what: string) => `inkhaven-${what}-${d?.from ?? ''}-${d?.to ?? ''}.csv`;
  const money = (cents: string | number | null) => formatMoney(Number(cents ?? 0), d?.money.currency ?? 'USD');
  const count = (n: string | number | null) => formatCount(Number(n ?? 0));

  return (
    <div className="space-y-4">
      <h2 className="sr-only">Insights</h2>
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-wrap gap-1">
          <legend className="mb-1 text-sm font-medium text-stone-900">Period</legend>
          {PRESETS.map(([value, label]) => (
            <Button key={value} variant={range === value ? 'primary' : 'secondary'} className="px-3 py-1.5 text-sm" aria-pressed={range === value} onClick={() => setRange(value)}>
              {label}
            </Button>
          ))}
        </fieldset>
        <form method="get" role="search" onSubmit={applyCustom} className="flex flex-wrap items-end gap-2" aria-label="Custom period">
          <input type="hidden" name="tab" value="insights" />
          <div>
            <label htmlFor={ids.from} className="block text-xs font-medium text-stone-900">From</label>
            <input id={ids.from} name="from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} className="rounded-md border border-stone-400 px-2 py-1 text-sm" />
          </div>
          <div>
            <label htmlFor={ids.to} className="block text-xs font-medium text-stone-900">To</label>
            <input id={ids.to} name="to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} className="rounded-md border border-stone-400 px-2 py-1 text-sm" />
          </div>
          <Button type="submit" variant={range === 'custom' ? 'primary' : 'secondary'} className="px-3 py-1.5 text-sm">Show custom period</Button>
        </form>
      </div>
      {draftError ? <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-900">{draftError}</p> : null}
      {query.isPending ? <Skeleton label="Loading your insights" /> : null}
      {query.isError ? <ErrorNote error={query.error} what="your insights" /> : null}
      {d ? (
        <>
          <p className="text-sm text-stone-700">
            {d.from} to {d.to} ({d.days} days), days in {zone}. Today’s figures are live; earlier days are added up every hour.
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Key figures">
            <Figure label="Profile views" value={count(d.totals.profileViews)} />
            <Figure label="Search appearances" value={count(d.totals.searchImpressions)} />
            <Figure label="Booking requests" value={count(d.totals.requests)} />
            <Figure label="Acceptance rate" value={pct(d.rates.acceptance)} note={`${d.totals.accepted} accepted, ${d.totals.declined} declined, ${d.totals.expired} expired`} />
            <Figure label="Average rating" value={d.totals.averageRating === null ? '—' : d.totals.averageRating.toFixed(1)} note={`${d.totals.reviews} review${d.totals.reviews === 1 ? '' : 's'}`} />
            <Figure label="Deposits paid in" value={money(d.money.paidInCents)} note={`${money(d.money.heldCents)} held`} />
            <Figure label="Revenue" value={money(d.money.revenueCents)} note="Deposits of completed bookings and forfeits" />
            <Figure label="No-show rate" value={pct(d.rates.noShow)} note={`${d.totals.noShows} no-show${d.totals.noShows === 1 ? '' : 's'}`} />
            <Figure label="Cancellation rate" value={pct(d.rates.cancellation)} note={`${d.totals.cancelledByClient} by clients, ${d.totals.cancelledByArtist} by you`} />
            <Figure label="Completed" value={count(d.totals.completed)} />
          </dl>
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
            <ChartCard
              title="Profile views and search appearances"
              summary={`${d.totals.profileViews} views and ${d.totals.searchImpressions} search appearances over ${d.days} days`}
              rows={series}
              columns={[{ key: 'day', label: 'Day' }, { key: 'profileViews', label: 'Profile views', format: count }, { key: 'searchImpressions', label: 'Search appearances', format: count }]}
              file={file('views')}
            >
              <LineChart data={series} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#e7e5e4" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS} minTickGap={16} />
                <YAxis tick={AXIS} allowDecimals={false} width={36} />
                <Tooltip />
                <Line dataKey="profileViews" name="Profile views" stroke="#b45309" dot={false} isAnimationActive={false} />
                <Line dataKey="searchImpressions" name="Search appearances" stroke="#1c1917" dot={false} isAnimationActive={false} />
              </LineChart>
            </ChartCard>
            <ChartCard
              title="Funnel: view → request → confirmed → completed"
              summary={d.funnel.map((s) => `${s.label} ${s.count}`).join(', ')}
              rows={d.funnel}
              columns={[{ key: 'label', label: 'Step' }, { key: 'count', label: 'Count', format: count }]}
              file={file('funnel')}
            >
              <BarChart data={d.funnel} layout="vertical" responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                <XAxis type="number" tick={AXIS} allowDecimals={false} />
                <YAxis type="category" dataKey="label" tick={AXIS} width={110} />
                <Bar dataKey="count" name="Count" fill="#b45309" isAnimationActive={false} />
              </BarChart>
            </ChartCard>
            <ChartCard
              title="Booking requests and completed sessions"
              summary={`${d.totals.requests} requests, ${d.totals.confirmed} confirmed, ${d.totals.completed} completed`}
              rows={series}
              columns={[{ key: 'day', label: 'Day' }, { key: 'requests', label: 'Requests', format: count }, { key: 'confirmed', label: 'Confirmed', format: count }, { key: 'completed', label: 'Completed', format: count }]}
              file={file('bookings')}
            >
              <BarChart data={series} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS} minTickGap={16} />
                <YAxis tick={AXIS} allowDecimals={false} width={36} />
                <Tooltip />
                <Bar dataKey="requests" name="Requests" fill="#a8a29e" isAnimationActive={false} />
                <Bar dataKey="completed" name="Completed" fill="#15803d" isAnimationActive={false} />
              </BarChart>
            </ChartCard>
            <ChartCard
              title="Deposits paid"
              summary={`${money(d.money.paidInCents)} paid in over the period`}
              rows={series}
              columns={[{ key: 'day', label: 'Day' }, { key: 'depositsPaidCents', label: 'Deposits paid', format: money }]}
              file={file('deposits')}
            >
              <BarChart data={series.map((s) => ({ ...s, amount: s.depositsPaidCents / 100 }))} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS} minTickGap={16} />
                <YAxis tick={AXIS} width={48} tickFormatter={(v: number) => money(Math.round(v * 100))} />
                <Bar dataKey="amount" name="Deposits" fill="#047857" isAnimationActive={false} />
              </BarChart>
            </ChartCard>
            <ChartCard
              title="Rating trend"
              summary={d.totals.averageRating === null ? 'No reviews in this period' : `Average ${d.totals.averageRating.toFixed(1)} stars from ${d.totals.reviews} reviews`}
              rows={series.filter((s) => s.reviews > 0)}
              columns={[{ key: 'day', label: 'Day' }, { key: 'averageRating', label: 'Average stars' }, { key: 'reviews', label: 'Reviews', format: count }]}
              file={file('ratings')}
            >
              <LineChart data={series.filter((s) => s.reviews > 0)} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#e7e5e4" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS} />
                <YAxis domain={[1, 5]} tick={AXIS} width={28} />
                <Line dataKey="averageRating" name="Average stars" stroke="#b45309" isAnimationActive={false} />
              </LineChart>
            </ChartCard>
            <ChartCard
              title="Top referrers"
              summary={d.referrers.length === 0 ? 'No profile views yet' : d.referrers.map((r) => `${r.source} ${r.views}`).join(', ')}
              rows={d.referrers}
              columns={[{ key: 'source', label: 'Came from' }, { key: 'views', label: 'Profile views', format: count }]}
              file={file('referrers')}
            >
              <BarChart data={d.referrers} layout="vertical" responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                <XAxis type="number" tick={AXIS} allowDecimals={false} />
                <YAxis type="category" dataKey="source" tick={AXIS} width={120} />
                <Bar dataKey="views" name="Profile views" fill="#1c1917" isAnimationActive={false} />
              </BarChart>
            </ChartCard>
            <ChartCard
              title="Busiest days"
              summary={d.busiestDays.map((w) => `${w.label} ${w.appointments}`).join(', ')}
              rows={d.busiestDays}
              columns={[{ key: 'label', label: 'Weekday' }, { key: 'appointments', label: 'Appointments', format: count }]}
              file={file('busiest-days')}
            >
              <BarChart data={d.busiestDays} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <XAxis dataKey="label" tickFormatter={(v: string) => v.slice(0, 3)} tick={AXIS} interval={0} />
                <YAxis tick={AXIS} allowDecimals={false} width={28} />
                <Bar dataKey="appointments" name="Appointments" fill="#b45309" isAnimationActive={false} />
              </BarChart>
            </ChartCard>
            <ChartCard
              title="Busiest hours"
              summary={d.busiestHours.filter((h) => h.appointments > 0).map((h) => `${h.hour}:00 ${h.appointments}`).join(', ') || 'No appointments in this period'}
              rows={d.busiestHours}
              columns={[{ key: 'hour', label: 'Starting hour', format: (h) => `${String(h).padStart(2, '0')}:00` }, { key: 'appointments', label: 'Appointments', format: count }]}
              file={file('busiest-hours')}
            >
              <BarChart data={d.busiestHours} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <XAxis dataKey="hour" tick={AXIS} interval={2} />
                <YAxis tick={AXIS} allowDecimals={false} width={28} />
                <Bar dataKey="appointments" name="Appointments" fill="#1c1917" isAnimationActive={false} />
              </BarChart>
            </ChartCard>
          </div>
        </>
      ) : null}
    </div>
  );
}


