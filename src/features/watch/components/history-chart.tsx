import { LineChart } from '@mui/x-charts/LineChart';
import type { WatchHistoryPoint } from '../../../../contract';

/**
 * One SKU's agreement and guide price over the period (MUI X Charts, in a chunk of its own like the
 * overview's): a step at each change, a mark on each; the changes are listed beside it as a table.
 */
export default function HistoryChart({
  points,
  labels,
  format,
  time,
  ariaLabel,
}: {
  points: WatchHistoryPoint[];
  labels: { agreement: string; guide: string };
  format: (fen: number) => string;
  /** The time axis: historyAxis (../axis-time.ts). */
  time: { tick: (ms: number) => string; tooltip: (ms: number) => string; tickMinStep: number };
  ariaLabel: string;
}) {
  return (
    <div role="img" aria-label={ariaLabel}>
      <LineChart
        height={220}
        xAxis={[
          {
            scaleType: 'time',
            data: points.map((p) => new Date(p.at)),
            // Ticks that read apart (never one date ten times), the tooltip's moment in full.
            valueFormatter: (d: Date, context) => (context.location === 'tick' ? time.tick(d.getTime()) : time.tooltip(d.getTime())),
            tickMinStep: time.tickMinStep,
            height: 36,
          },
        ]}
        yAxis={[{ valueFormatter: (v: number) => format(v), width: 80 }]}
        series={[
          {
            data: points.map((p) => p.agreementPrice),
            label: labels.agreement,
            curve: 'stepAfter',
            showMark: true,
            valueFormatter: (v) => (v === null ? '' : format(v)),
          },
          {
            data: points.map((p) => p.guidePrice),
            label: labels.guide,
            curve: 'stepAfter',
            showMark: false,
            color: '#9e9e9e',
            valueFormatter: (v) => (v === null ? '' : format(v)),
          },
        ]}
        grid={{ horizontal: true }}
      />
    </div>
  );
}
