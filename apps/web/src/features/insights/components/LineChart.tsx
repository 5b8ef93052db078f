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

/** The x axis' tick steps in seconds: 1, 2 and 7 days, 2 weeks, 30 days. */
const DAY_INCRS = [1, 2, 7, 14, 30].map((n) => n * 86_400);

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
        // The lines' names are drawn below as a plain legend (uPlot's own shows the cursor's values and a "Time" column).
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          // Days only: a wide chart would otherwise tick every few hours between the days' points.
          { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, incrs: DAY_INCRS },
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
  return (
    <>
      <div ref={box} className={styles.chart} aria-hidden="true" />
      {series.length > 1 && (
        <ul className={styles.legend} aria-hidden="true">
          {series.map((s) => (
            <li key={s.label}>
              <span className={styles.swatch} style={{ background: `var(${s.token})` }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
