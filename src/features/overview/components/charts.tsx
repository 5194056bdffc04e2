import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';

/**
 * The overview's charts (MUI X Charts), in a chunk of their own: the figures show before this code
 * has loaded. Each takes plain rows and says which one was chosen (a click on its band); people on a
 * keyboard or a screen reader use the same figures' table view, whose rows are links.
 */
export interface Series {
  label: string;
  values: number[];
  format: (v: number) => string;
  /** A count: the value axis ticks whole numbers only (no 0.2 orders). */
  whole?: boolean;
}

const HEIGHT = 280;
/** Room under the chart for the x axis' words: at MUI's default, labels in the app's type were cut to nothing. */
const AXIS_HEIGHT = 36;

/**
 * A value per day of this period, and the previous period's day for day beside it: straight segments
 * between days with a mark on each (a smooth curve would draw values between days that do not exist).
 */
export function DaysChart({ days, series, onPick }: { days: string[]; series: Series[]; onPick: (index: number) => void }) {
  return (
    <LineChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'point', data: days, valueFormatter: (d: string) => d.slice(5), height: AXIS_HEIGHT }]}
      yAxis={[{ valueFormatter: (v: number) => series[0]!.format(v), width: 72, ...(series[0]!.whole ? { tickMinStep: 1 } : {}) }]}
      series={series.map((s, i) => ({
        data: s.values,
        label: s.label,
        valueFormatter: (v: number | null) => (v === null ? '' : s.format(v)),
        curve: 'linear' as const,
        showMark: true,
        ...(i > 0 ? { color: '#9e9e9e' } : {}),
      }))}
      onAxisClick={(_, d) => d && onPick(d.dataIndex)}
      grid={{ horizontal: true }}
    />
  );
}

/** One bar per key (a channel, a goods, a province); across for long names. */
export function KeysChart({
  keys,
  series,
  across,
  onPick,
}: {
  keys: string[];
  series: Series;
  across?: boolean;
  onPick: (index: number) => void;
}) {
  const format = (v: number) => series.format(v);
  return (
    <BarChart
      height={across ? Math.max(HEIGHT, keys.length * 32 + 60) : HEIGHT}
      layout={across ? 'horizontal' : 'vertical'}
      xAxis={[
        across
          ? { valueFormatter: format, height: AXIS_HEIGHT, ...(series.whole ? { tickMinStep: 1 } : {}) }
          : { scaleType: 'band', data: keys, height: AXIS_HEIGHT },
      ]}
      yAxis={[
        across
          ? { scaleType: 'band', data: keys, width: 140 }
          : { valueFormatter: format, width: 72, ...(series.whole ? { tickMinStep: 1 } : {}) },
      ]}
      series={[{ data: series.values, label: series.label, valueFormatter: (v: number | null) => (v === null ? '' : series.format(v)) }]}
      hideLegend
      onAxisClick={(_, d) => d && onPick(d.dataIndex)}
      grid={across ? { vertical: true } : { horizontal: true }}
    />
  );
}
