import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { ANALYTICS_PERIODS, type TFunnelEntry, type TFunnelReport, type THeatmapReport } from '../../../shared/contracts/analytics.ts';
import { HEATMAP_WIDTH_BUCKETS } from '../../../shared/heatmap.ts';
import { AdminGate } from './admin-gate.tsx';
import { ADMIN_CARD, AdminPageHeader, PeriodSelect } from './admin-parts.tsx';
import { AdminTableSection } from './admin-table-section.tsx';

const FunnelChart = lazy(() => import('./funnel-chart.tsx'));

type Period = (typeof ANALYTICS_PERIODS)[number];
const STEP_LABELS: Record<string, string> = {
  page_view: 'Page view',
  cta_click: 'Call to action clicked',
  artist_view: 'Artist profile viewed',
  consultation_start: 'Consultation started',
  booking_start: 'Booking started',
  booking_complete: 'Booking requested',
};
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10} %`);
const SELECT = 'rounded-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900';

export default function AnalyticsPage() {
  return (
    <AdminGate title="Funnels and click heatmap">
      <Analytics />
    </AdminGate>
  );
}

function Analytics() {
  const [days, setDays] = useState<Period>(7);
  const periodId = useId();
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <AdminPageHeader
        title="Funnels and click heatmap"
        lead={
          <span className="block max-w-3xl">
            How visitors who allowed analytics move from their first page to a booking request, grouped by the kind of page they entered on, and where
            they click on each page. Figures cover the chosen number of days up to now.
          </span>
        }
        actions={<PeriodSelect id={periodId} value={days} options={ANALYTICS_PERIODS} onChange={setDays} />}
      />
      <Funnels days={days} />
      <Heatmap days={days} />
    </div>
  );
}

function Funnels({ days }: { days: Period }) {
  const report = useQuery<TFunnelReport>({ queryKey: [`/api/admin/funnels?days=${days}`], staleTime: 0 });
  const entries = report.data?.entries ?? [];
  if (report.isPending || report.isError || entries.length === 0) {
    return (
      <AdminTableSection
        id="funnels"
        title="Funnels by entry page"
        state={report}
        what="funnels"
        empty
        emptyText="No journeys in this period yet. They start when a visitor who allowed analytics opens a page."
        caption="Funnel steps"
        columns={[]}
      >
        {null}
      </AdminTableSection>
    );
  }
  return (
    <section aria-labelledby="funnels" className="space-y-4">
      <h2 id="funnels" className="text-2xl font-semibold text-stone-900">
        Funnels by entry page
      </h2>
      <p className="max-w-3xl text-sm text-stone-700">
        “Reached” counts the journeys whose furthest step is that step or a later one, so the funnel only narrows; “Sent” counts the journeys that
        reported the step itself (a consultation is started only when the booking is for a consultation, and calls to action are optional).
      </p>
      {entries.map((entry) => (
        <FunnelSection key={entry.entryPageType} entry={entry} state={report} />
      ))}
    </section>
  );
}

function FunnelSection({ entry, state }: { entry: TFunnelEntry; state: { isPending: boolean; isError: boolean; error: unknown } }) {
  const headingId = useId();
  return (
    <AdminTableSection
      id={headingId}
      title={`Entered on: ${entry.entryPageType}`}
      description={`${entry.journeys} ${entry.journeys === 1 ? 'journey' : 'journeys'}`}
      state={state}
      what="funnel"
      empty={false}
      emptyText=""
      caption={`Funnel of journeys that entered on a ${entry.entryPageType} page`}
      columns={['Step', 'Reached', 'From the previous step', 'Sent']}
      before={
        <Suspense fallback={<div className="mb-4 h-64" />}>
          <FunnelChart data={entry.steps.map((s) => ({ step: STEP_LABELS[s.step] ?? s.step, reached: s.reached }))} />
        </Suspense>
      }
    >
      {entry.steps.map((s) => (
        <tr key={s.step} data-step={s.step}>
          <th scope="row" className="py-2 pr-3 font-medium text-stone-900">
            {STEP_LABELS[s.step] ?? s.step} <span className="font-mono text-xs font-normal text-stone-600">{s.step}</span>
          </th>
          <td className="py-2 pr-3" data-testid="reached">{s.reached}</td>
          <td className="py-2 pr-3">{s.order === 1 ? '—' : pct(s.conversion)}</td>
          <td className="py-2 pr-3">{s.recorded}</td>
        </tr>
      ))}
    </AdminTableSection>
  );
}

function Heatmap({ days }: { days: Period }) {
  const [page, setPage] = useState<string | null>(null);
  const [width, setWidth] = useState<string | null>(null);
  const pageId = useId();
  const widthId = useId();
  const params = new URLSearchParams({ days: String(days) });
  if (page) params.set('page', page);
  if (width) params.set('width', width);
  const report = useQuery<THeatmapReport>({ queryKey: [`/api/admin/heatmap?${params.toString()}`], staleTime: 0, placeholderData: (previous) => previous });
  const data = report.data;
  const bucket = HEATMAP_WIDTH_BUCKETS.find((b) => b.bucket === data?.width);
  const actions =
    data && data.pages.length > 0 ? (
      <>
        <label htmlFor={pageId} className="text-sm font-medium text-stone-900">
          Page
        </label>
        <select
          id={pageId}
          value={data.page ?? ''}
          onChange={(e) => {
            setPage(e.target.value);
            setWidth(null);
          }}
          className={SELECT}
        >
          <optgroup label="All pages of a type">
            {data.pages.filter((p) => p.kind === 'pageType').map((p) => (
              <option key={`t-${p.page}`} value={p.page}>
                {p.page} ({p.clicks})
              </option>
            ))}
          </optgroup>
          <optgroup label="One page">
            {data.pages.filter((p) => p.kind === 'path').map((p) => (
              <option key={`p-${p.page}`} value={p.page}>
                {p.page} ({p.clicks})
              </option>
            ))}
          </optgroup>
        </select>
        <label htmlFor={widthId} className="text-sm font-medium text-stone-900">
          Screen width
        </label>
        <select id={widthId} value={data.width ?? ''} onChange={(e) => setWidth(e.target.value)} className={SELECT} disabled={data.widths.length === 0}>
          {data.widths.map((w) => (
            <option key={w.bucket} value={w.bucket}>
              {w.label} ({w.clicks})
            </option>
          ))}
        </select>
      </>
    ) : null;
  return (
    <AdminTableSection
      id="heatmap"
      title="Click heatmap"
      description="Where visitors click on a page, at one range of screen widths: across the page's width, and down the page in 50 px bands."
      actions={actions}
      state={report}
      what="heatmap"
      empty={!data || data.grid.total === 0}
      emptyText="No clicks recorded for this page and period yet. Clicks are sampled from visitors who allowed analytics."
      caption="The most clicked elements on this page at this screen width"
      columns={['Element', 'Text', 'Clicks']}
      before={data && data.grid.total > 0 && bucket ? <HeatmapGrid report={data} drawWidth={bucket.drawWidth} /> : null}
    >
      {data?.elements.map((e) => (
        <tr key={`${e.element}|${e.text}`}>
          <td className="py-2 pr-3 font-mono">{e.element}</td>
          <td className="py-2 pr-3 break-all">{e.text || '—'}</td>
          <td className="py-2 pr-3">{e.clicks}</td>
        </tr>
      ))}
    </AdminTableSection>
  );
}

function HeatmapGrid({ report, drawWidth }: { report: THeatmapReport; drawWidth: number }) {
  const { columns, rowHeightPx, rows, max, total, cells } = report.grid;
  const colWidth = drawWidth / columns;
  // At least a screen's height of page (a typical 16:10 screen of the bucket), so the outline reads as a page.
  const height = Math.max(Math.max(rows, 1) * rowHeightPx, Math.round(drawWidth * 0.625));
  const top = cells.slice(0, 5);
  const area = (c: { col: number; row: number }) =>
    `${Math.round((c.col / columns) * 100)}–${Math.round(((c.col + 1) / columns) * 100)} % across, ${c.row * rowHeightPx}–${(c.row + 1) * rowHeightPx} px down`;
  return (
    <div className="mb-4 grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="max-h-[36rem] overflow-auto rounded-md border border-stone-300 bg-stone-50">
        <svg
          role="img"
          aria-label={`Click density on ${report.page}: ${total} clicks; the busiest areas are listed next to it`}
          viewBox={`0 0 ${drawWidth} ${height}`}
          className="w-full"
          preserveAspectRatio="xMidYMin meet"
        >
          <rect x={0} y={0} width={drawWidth} height={height} fill="#ffffff" stroke="#a8a29e" />
          {Array.from({ length: Math.floor(height / 500) }, (_, i) => (
            <g key={i}>
              <line x1={0} x2={drawWidth} y1={(i + 1) * 500} y2={(i + 1) * 500} stroke="#d6d3d1" strokeDasharray="8 8" />
              <text x={6} y={(i + 1) * 500 - 6} fontSize={14} fill="#57534e">
                {(i + 1) * 500} px
              </text>
            </g>
          ))}
          {cells.map((c) => (
            <rect
              key={`${c.col}-${c.row}`}
              x={c.col * colWidth}
              y={c.row * rowHeightPx}
              width={colWidth}
              height={rowHeightPx}
              fill="#dc2626"
              fillOpacity={0.15 + 0.85 * (c.count / max)}
            />
          ))}
        </svg>
      </div>
      <div className={ADMIN_CARD}>
        <h3 className="font-semibold text-stone-900">Busiest areas</h3>
        <p className="text-sm text-stone-700">
          {total} {total === 1 ? 'click' : 'clicks'} on {report.page}
        </p>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-900">
          {top.map((c) => (
            <li key={`${c.col}-${c.row}`}>
              {area(c)}: {c.count} {c.count === 1 ? 'click' : 'clicks'}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
