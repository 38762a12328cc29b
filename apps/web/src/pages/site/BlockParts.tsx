import { INDEX_LABEL } from '../../shared/aqi';
import { METRICS, type Metric } from './metrics';

/** Small pieces the page's blocks share: metric buttons, skeletons, the inline error with retry. */

export function MetricSwitch({
  value,
  onChange,
  label,
}: {
  value: Metric;
  onChange: (metric: Metric) => void;
  /** What is being switched, for screen readers (地图指标, 趋势指标). */
  label: string;
}) {
  return (
    <fieldset className="lt-site-metrics" aria-label={label}>
      {METRICS.map((m) => (
        <button key={m} type="button" aria-pressed={m === value} onClick={() => onChange(m)}>
          {INDEX_LABEL[m]}
        </button>
      ))}
    </fieldset>
  );
}

export function Shimmer({ height, className }: { height: number; className?: string }) {
  return <div className={`lt-site-shimmer${className ? ` ${className}` : ''}`} style={{ height }} aria-hidden="true" />;
}

export function InlineError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const reason = error instanceof Error && error.message !== '' ? error.message : '请求失败';
  return (
    <div className="lt-site-error" role="alert">
      <p>
        {what}加载失败：{reason}
      </p>
      <button type="button" className="lt-button lt-button-small" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}
