import { formatAqi } from '@lantian/domain';
import { levelColor, levelInk, levelName } from './levels';
import './aqi.css';

/**
 * An AQI on its level colour, with the level name for screen readers (colour alone carries no
 * meaning for them). `size` small for lists, medium for cards.
 */
export function AqiBadge({
  aqi,
  level,
  size = 'small',
  stale = false,
}: {
  aqi: number | null | undefined;
  level: number | null | undefined;
  size?: 'small' | 'medium';
  /** Drawn faded: the value is older than it should be. */
  stale?: boolean;
}) {
  const text = formatAqi(aqi);
  return (
    <span
      className={`lt-aqi-badge lt-aqi-badge-${size}${stale ? ' lt-aqi-badge-stale' : ''}`}
      style={{ background: levelColor(level), color: levelInk(level) }}
      title={`AQI ${text} ${levelName(level)}`}
    >
      {text}
      <span className="lt-sr-only">（{levelName(level)}）</span>
    </span>
  );
}

/** The level name as a coloured pill (e.g. 轻度污染). */
export function LevelPill({ level, label }: { level: number | null | undefined; label?: string }) {
  return (
    <span className="lt-level-pill" style={{ background: levelColor(level), color: levelInk(level) }}>
      {label ?? levelName(level)}
    </span>
  );
}

/** 演示数据: shown wherever numbers come from the generated demo data, not from monitoring. */
export function DemoTag({ title = '系统生成的演示数据，非真实监测结果' }: { title?: string }) {
  return (
    <span className="lt-demo-tag" title={title}>
      演示数据
    </span>
  );
}

/** A small "数据已过时" marker for values older than 3 hours (the server's `stale`). */
export function StaleTag({ title }: { title?: string }) {
  return (
    <span className="lt-stale-tag" title={title ?? '数据时间早于当前 3 小时以上'}>
      数据已过时
    </span>
  );
}
