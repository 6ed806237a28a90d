import { Bar, BarChart, Rectangle, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { formatMoney } from '../../lib/format.ts';

export type DepositBar = { label: string; cents: number; colour: string };

/**
 * The deposit figures as bars. Loaded on its own (React.lazy) so recharts stays out of every other
 * page's JavaScript. The figures are written out beside the chart, so the chart is one labelled image.
 */
export default function DepositChart({ bars, currency }: { bars: DepositBar[]; currency: string }) {
  const data = bars.map((b) => ({ ...b, amount: b.cents / 100 }));
  return (
    <div role="img" aria-label={`Deposits chart: ${bars.map((b) => `${b.label} ${formatMoney(b.cents, currency)}`).join(', ')}`} className="h-44 w-full">
      <BarChart data={data} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#44403c' }} tickLine={false} axisLine={{ stroke: '#a8a29e' }} interval={0} />
        <YAxis tick={{ fontSize: 12, fill: '#44403c' }} tickLine={false} axisLine={false} width={48} tickFormatter={(v: number) => formatMoney(Math.round(v * 100), currency)} allowDecimals={false} />
        <Bar dataKey="amount" isAnimationActive={false} radius={[4, 4, 0, 0]} shape={(props: BarShapeProps) => <Rectangle {...props} fill={data[props.index]?.colour ?? '#57534e'} />} />
      </BarChart>
    </div>
  );
}
