/** @jsxImportSource hono/jsx */

export interface ChartDay {
  day: string;
  requests: number;
  scans: number;
  rateLimited: number;
}

const WIDTH = 760;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 44 };

/** A round number at or above `max` for the axis, with its step. */
function axis(max: number): { top: number; step: number } {
  if (max <= 4) return { top: 4, step: 1 };
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const step = (factor * magnitude) / 4;
    if (step * 4 >= max) return { top: step * 4, step };
  }
  return { top: max, step: max / 4 };
}

/**
 * Requests (bars), scans (narrower bars in front) and rate-limited requests (marks on top) per day, as an SVG
 * drawn on the server: no chart library, nothing fetched. The same numbers are in the table below it.
 */
export function UsageChart(props: { days: ChartDay[]; title: string }) {
  const max = Math.max(0, ...props.days.map((d) => d.requests));
  const { top, step } = axis(max);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / props.days.length;
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const ticks = [0, 1, 2, 3, 4].map((i) => i * step);
  const total = props.days.reduce((sum, d) => sum + d.requests, 0);
  const scans = props.days.reduce((sum, d) => sum + d.scans, 0);
  return (
    <svg class="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-title chart-desc" data-total-requests={String(total)} data-total-scans={String(scans)}>
      <title id="chart-title">{props.title}</title>
      <desc id="chart-desc">{`${total} requests and ${scans} scans over ${props.days.length} days, from ${props.days[0]?.day} to ${props.days.at(-1)?.day}.`}</desc>
      {ticks.map((tick) => (
        <g>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} class="grid" />
          <text x={PAD.left - 6} y={y(tick) + 4} text-anchor="end" class="tick">
            {String(Number.isInteger(tick) ? tick : tick.toFixed(1))}
          </text>
        </g>
      ))}
      {props.days.map((d, i) => {
        const x = PAD.left + i * slot;
        return (
          <g data-day={d.day} data-requests={String(d.requests)} data-scans={String(d.scans)}>
            {d.requests > 0 ? <rect class="requests" x={x + slot * 0.1} width={slot * 0.8} y={y(d.requests)} height={y(0) - y(d.requests)} /> : null}
            {d.scans > 0 ? <rect class="scans" x={x + slot * 0.3} width={slot * 0.4} y={y(d.scans)} height={y(0) - y(d.scans)} /> : null}
            {d.rateLimited > 0 ? <circle class="limited" cx={x + slot / 2} cy={y(d.requests) - 6} r={3.5} /> : null}
            {i % 5 === 0 || i === props.days.length - 1 ? (
              <text x={x + slot / 2} y={HEIGHT - PAD.bottom + 16} text-anchor="middle" class="tick">
                {d.day.slice(5)}
              </text>
            ) : null}
          </g>
        );
      })}
      <g class="legend" transform={`translate(${PAD.left}, ${HEIGHT - 8})`}>
        <rect class="requests" width="10" height="10" y="-9" />
        <text x="14">requests</text>
        <rect class="scans" x="90" width="10" height="10" y="-9" />
        <text x="104">scans</text>
        <circle class="limited" cx="170" cy="-4" r="4" />
        <text x="178">rate-limited</text>
      </g>
    </svg>
  );
}
