// A cap meter: how much of a limit is used, with the numbers beside it. Colour changes at the warn level and at
// the cap, and the numbers say it too, so colour is never the only signal.
import type { CapSpend } from '@ssg/contracts/budget';
import { formatResetsAt } from './format';

interface MeterProps {
  label: string;
  spend: CapSpend;
  format: (value: number) => string;
  warnAt: number;
  now: number;
}

export function Meter({ label, spend, format, warnAt, now }: MeterProps) {
  const percent = spend.percent;
  const level = percent === null ? 'none' : percent >= 100 ? 'over' : percent >= warnAt * 100 ? 'warn' : 'ok';
  return (
    <div className={`meter meter-${level}`}>
      <div className="meter-head">
        <span className="meter-label">{label}</span>
        <span className="meter-value">
          <strong>{format(spend.spent)}</strong>
          {spend.cap !== null && <span className="muted"> of {format(spend.cap)}</span>}
        </span>
      </div>
      {percent === null ? (
        <div className="meter-track meter-track-empty" aria-hidden="true" />
      ) : (
        <div
          className="meter-track"
          role="meter"
          aria-label={`${label}: ${percent.toFixed(0)}% of the cap`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(100, percent)}
        >
          <div className="meter-fill" style={{ width: `${Math.min(100, percent)}%` }} />
        </div>
      )}
      <div className="meter-foot muted">
        <span>{percent === null ? 'no limit' : `${percent.toFixed(percent < 10 ? 1 : 0)}%`}</span>
        <span>{formatResetsAt(spend.resetsAt, now)}</span>
      </div>
    </div>
  );
}
