import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { WEB_VITAL_THRESHOLDS, formatWebVital, type WebVitalName } from '../../../shared/web-vitals.ts';

const COLOURS = ['#1c1917', '#b45309', '#0f766e', '#7c3aed', '#be123c', '#1d4ed8', '#4d7c0f'];

export type PerfSeriesPoint = { day: string } & Record<string, number | string | null>;

/**
 * p75 of one metric per day, a line per page type, with the "good" threshold drawn across. Loaded
 * on its own (React.lazy) so recharts stays out of other pages. The same figures are in the table
 * under it, which is what screen readers get (this image is hidden from them).
 */
export default function PerfChart({ name, data, pageTypes }: { name: WebVitalName; data: PerfSeriesPoint[]; pageTypes: string[] }) {
  const good = WEB_VITAL_THRESHOLDS[name].good;
  return (
    <div aria-hidden="true" className="h-56 w-full">
      <LineChart data={data} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#e7e5e4" vertical={false} />
        <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#44403c' }} tickLine={false} axisLine={{ stroke: '#a8a29e' }} />
        <YAxis tick={{ fontSize: 12, fill: '#44403c' }} tickLine={false} axisLine={false} width={64} tickFormatter={(v: number) => formatWebVital(name, v)} />
        <Tooltip formatter={(v) => (typeof v === 'number' ? formatWebVital(name, v) : String(v))} />
        <Legend />
        <ReferenceLine y={good} stroke="#15803d" strokeDasharray="4 4" label={{ value: `good ≤ ${formatWebVital(name, good)}`, fill: '#15803d', fontSize: 12, position: 'insideTopRight' }} />
        {pageTypes.map((type, i) => (
          <Line key={type} type="monotone" dataKey={type} stroke={COLOURS[i % COLOURS.length]} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
        ))}
      </LineChart>
    </div>
  );
}
