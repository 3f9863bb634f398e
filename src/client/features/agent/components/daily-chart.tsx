import { useEffect, useRef, useState } from 'react';
import { format, parseISO } from 'date-fns';
import type uPlot from 'uplot';
import { useTheme } from '@client/state/ui-state';

export interface DailyPoint {
  /** yyyy-MM-dd, or the ISO start of a shorter window (with `tickLabel`) */
  date: string;
  value: number;
}

export interface DailyChartProps {
  /** What the chart shows; its table beside it carries the same figures. */
  label: string;
  points: DailyPoint[];
  /** Axis and hover text of a value. */
  formatValue: (value: number) => string;
  height?: number;
  /** A point's label on the x axis; dd/MM of the day by default. */
  tickLabel?: (date: string) => string;
}

const dayTick = (date: string) => format(parseISO(date), 'dd/MM');

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * One figure per day (or per window) as bars, drawn with uPlot. The library (and its style sheet) is imported here,
 * when a chart is first drawn, so only the pages with charts carry it. The figure is decorative
 * for assistive technology: its table has the same numbers. Should the library fail to draw
 * (no canvas), the table alone remains.
 */
export function DailyChart({ label, points, formatValue, height = 240, tickLabel = dayTick }: DailyChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const [failed, setFailed] = useState(false);
  // The latest formatter, without redrawing the chart for a new function of the same meaning.
  const formatRef = useRef(formatValue);
  formatRef.current = formatValue;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const text = cssVar('--text-muted');
        const grid = cssVar('--border');
        const accent = cssVar('--accent');
        const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
        // Days sit at 0..n-1, each labelled with its own date: a time scale would invent ticks around a single day.
        const xs = points.map((_, index) => index);
        const dayLabel = (index: number) => {
          const point = points[index];
          return point && Number.isInteger(index) ? tickLabel(point.date) : '';
        };
        const width = Math.max(element.clientWidth, 200);
        chart = new UPlot(
          {
            width,
            height,
            legend: { show: false },
            cursor: { drag: { x: false, y: false } },
            scales: {
              x: { time: false, range: () => [-0.5, points.length - 0.5] },
              y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] },
            },
            axes: [
              { ...axis, incrs: [1, 2, 3, 5, 7, 10, 14, 30], values: (_u, ticks) => ticks.map(dayLabel) },
              { ...axis, size: 72, values: (_u, ticks) => ticks.map((tick) => formatRef.current(tick)) },
            ],
            series: [{}, { label, stroke: accent, fill: `${accent}66`, width: 1, paths: UPlot.paths.bars?.({ size: [0.7, 48] }), points: { show: false } }],
          },
          [xs, points.map((p) => p.value)],
          element,
        );
        if (typeof ResizeObserver === 'function') {
          resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 200), height }));
          resize.observe(element);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [points, label, height, theme, tickLabel]);

  if (failed) return null;
  return <div ref={host} className="daily-chart" role="img" aria-label={label} style={{ minHeight: height }} />;
}
