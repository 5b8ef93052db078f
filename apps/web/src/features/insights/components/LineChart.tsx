import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './Insights.module.css';

export interface Series {
  label: string;
  values: number[];
  /** A design token (CSS custom property) for the line, e.g. '--accent'. */
  token: string;
}

const tokenColour = (token: string) => getComputedStyle(document.documentElement).getPropertyValue(token).trim();

/**
 * A line chart over days (uPlot, loaded with the insights page only). The data table beside it carries the same
 * numbers for screen readers, so the canvas is hidden from them.
 */
export function LineChart({ days, series, height = 220 }: { days: string[]; series: Series[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const text = tokenColour('--text-muted');
    const grid = tokenColour('--line');
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height,
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
          { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000] },
        ],
        series: [{}, ...series.map((s) => ({ label: s.label, stroke: tokenColour(s.token), width: 2, points: { show: days.length <= 31 } }))],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, height]);
  return <div ref={box} className={styles.chart} aria-hidden="true" />;
}
