// Dollars or calls per hour over the last 24 hours, stacked by client: hand-rolled SVG (no chart library in the
// bundle), with a "Dollars | Calls" switch. Each bar carries its numbers in a <title> (hover, screen readers).
import { useState } from 'react';
import type { BudgetHistoryBucket, ClientHourSpend } from '@ssg/contracts/budget';
import { formatCount, formatUsd } from '../../components/format';

const WIDTH = 720;
const HEIGHT = 180;
const PAD = { top: 12, right: 8, bottom: 22, left: 52 };

/** Up to eight clients get distinct colours from the palette; CSS defines them for both themes. */
export const seriesClass = (index: number): string => `series-${index % 8}`;

type Measure = 'usd' | 'calls';

const MEASURES: ReadonlyArray<{ id: Measure; label: string; format(value: number): string; least: number }> = [
  // `least`: the axis top when every bar is lower, so a quiet day does not look like a busy one.
  { id: 'usd', label: 'Dollars', format: formatUsd, least: 1 },
  { id: 'calls', label: 'Calls', format: formatCount, least: 4 },
];

/** A round axis top at or above `value`: 0.37 → 0.4, 23 → 30, 180 → 200. */
function niceMax(value: number, least: number): number {
  if (value <= least) return least;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / magnitude) * magnitude;
}

function MeasureSwitch({ measure, onChange }: { measure: Measure; onChange(measure: Measure): void }) {
  return (
    <fieldset className="segmented">
      <legend>Show</legend>
      <div className="segmented-options">
        {MEASURES.map((option) => (
          <label key={option.id} className={option.id === measure ? 'selected' : undefined}>
            <input
              type="radio"
              name="spend-chart-measure"
              value={option.id}
              checked={option.id === measure}
              onChange={() => onChange(option.id)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SpendChart({ buckets, clients }: { buckets: BudgetHistoryBucket[]; clients: string[] }) {
  const [measureId, setMeasure] = useState<Measure>('usd');
  const measure = MEASURES.find((m) => m.id === measureId)!;
  const valueOf = (spend: ClientHourSpend | undefined): number => spend?.[measureId] ?? 0;
  const totals = buckets.map((b) => Object.values(b.perClient).reduce((sum, spend) => sum + valueOf(spend), 0));
  const max = niceMax(Math.max(0, ...totals), measure.least);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, buckets.length);
  const barW = Math.max(2, slot * 0.68);
  const y = (value: number): number => PAD.top + plotH - (value / max) * plotH;
  const hourLabel = (ms: number): string => new Date(ms).getHours().toString().padStart(2, '0');
  const title = `${measure.label} per hour over the last ${buckets.length} hours by client`;
  return (
    <figure className="chart">
      <MeasureSwitch measure={measureId} onChange={setMeasure} />
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line className="chart-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * f)} y2={y(max * f)} />
            <text className="chart-axis" x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end">
              {measure.format(max * f)}
            </text>
          </g>
        ))}
        {buckets.map((bucket, i) => {
          let base = 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={bucket.start}>
              {clients.map((client, c) => {
                const spend = bucket.perClient[client];
                const value = valueOf(spend);
                if (value === 0) return null;
                const top = y(base + value);
                const height = y(base) - top;
                base += value;
                const unpriced = measureId === 'usd' && spend!.unpricedUsd > 0;
                return (
                  <rect key={client} className={seriesClass(c)} x={x} y={top} width={barW} height={height} rx={1.5}>
                    <title>
                      {`${hourLabel(bucket.start)}:00 · ${client}: ${formatUsd(spend!.usd)}` +
                        (unpriced ? ` (${formatUsd(spend!.unpricedUsd)} estimated)` : '') +
                        ` · ${formatCount(spend!.calls)} calls`}
                    </title>
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
          <span className="muted">No calls or spend in the last {buckets.length} hours.</span>
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
