// Calls per hour over the last 24 hours, stacked by client: hand-rolled SVG (no chart library in the bundle).
// Each bar carries its numbers in a <title> (hover, screen readers).
import { type HourBucket } from '../../stores/spend-history';

const WIDTH = 720;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 22, left: 36 };

/** Up to eight clients get distinct colours from the palette; CSS defines them for both themes. */
export const seriesClass = (index: number): string => `series-${index % 8}`;

function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / magnitude) * magnitude;
}

export function CallsChart({ buckets, clients }: { buckets: HourBucket[]; clients: string[] }) {
  const totals = buckets.map((b) => Object.values(b.byClient).reduce((sum, n) => sum + n, 0));
  const max = niceMax(Math.max(0, ...totals));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / buckets.length;
  const barW = Math.max(2, slot * 0.68);
  const y = (value: number): number => PAD.top + plotH - (value / max) * plotH;
  const hourLabel = (ms: number): string => new Date(ms).getHours().toString().padStart(2, '0');
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Calls per hour over the last 24 hours by client">
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line className="chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * f)} y2={y(max * f)} />
            <text className="chart-axis" x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {buckets.map((bucket, i) => {
          let base = 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={bucket.start}>
              {clients.map((client, c) => {
                const n = bucket.byClient[client] ?? 0;
                if (n === 0) return null;
                const top = y(base + n);
                const height = y(base) - top;
                base += n;
                return (
                  <rect key={client} className={seriesClass(c)} x={x} y={top} width={barW} height={height} rx={1.5}>
                    <title>{`${hourLabel(bucket.start)}:00 · ${client}: ${n} calls`}</title>
                  </rect>
                );
              })}
              {i % 3 === 0 && (
                <text className="chart-axis" x={x + barW / 2} y={HEIGHT - 6} textAnchor="middle">
                  {hourLabel(bucket.start)}h
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="legend">
        {clients.length === 0 ? (
          <span className="muted">No calls in the last 24 hours.</span>
        ) : (
          clients.map((client, c) => (
            <span key={client} className="legend-item">
              <span className={`legend-swatch ${seriesClass(c)}`} aria-hidden="true" />
              {client}
            </span>
          ))
        )}
      </figcaption>
    </figure>
  );
}
