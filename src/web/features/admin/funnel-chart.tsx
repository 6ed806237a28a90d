import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';

export type FunnelBar = { step: string; reached: number };

/**
 * One entry page type's funnel: a bar per step, journeys that reached it. Loaded on its own
 * (React.lazy) so recharts stays out of other pages; the same figures are in the table under it,
 * which is what screen readers get (this picture is hidden from them).
 */
export default function FunnelChart({ data }: { data: FunnelBar[] }) {
  return (
    <div aria-hidden="true" className="mb-4 h-64 w-full">
      <BarChart data={data} layout="vertical" responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 4, right: 40, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="#e7e5e4" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: '#44403c' }} tickLine={false} axisLine={{ stroke: '#a8a29e' }} />
        <YAxis type="category" dataKey="step" width={140} tick={{ fontSize: 12, fill: '#44403c' }} tickLine={false} axisLine={false} />
        <Tooltip />
        <Bar dataKey="reached" name="Journeys" fill="#b45309" isAnimationActive={false}>
          <LabelList dataKey="reached" position="right" fill="#1c1917" fontSize={12} />
        </Bar>
      </BarChart>
    </div>
  );
}
