import type { CityCurrentData } from '@lantian/contracts';
import { formatAqi, LEVELS } from '@lantian/domain';
import {
  AQI_SCALE,
  ageText,
  asLevel,
  chinaLabel,
  INDEX_LABEL,
  levelColor,
  levelInk,
  levelText,
  levelTint,
  parseChinaTime,
  StaleTag,
} from '../../shared/aqi';
import { DemoNote } from './DemoLabels';

const SCALE_MAX = 500;

/** The headline: where, how good the air is now, why (primary pollutant), when, and what to do. */
export function CityHero({ data }: { data: CityCurrentData }) {
  const current = data.current;
  const level = current?.level ?? 0;
  const t = parseChinaTime(current?.time);
  const info = LEVELS[asLevel(level)];
  const grade =
    info.aqiRange === null
      ? ''
      : `${info.grade} · AQI ${info.aqiRange[0]}${info.aqiRange[1] === null ? '+' : `–${info.aqiRange[1]}`}`;
  return (
    <section
      className="lt-cap-hero"
      aria-labelledby="city-hero-title"
      style={{ background: `linear-gradient(160deg, ${levelTint(level, 0.28)} 0%, #ffffff 70%)` }}
      data-level={level}
    >
      <div className="lt-cap-hero-head">
        <h1 id="city-hero-title">
          {data.cityName}
          <span className="lt-cap-hero-sub">空气质量</span>
        </h1>
        <div className="lt-cap-hero-tags">{current?.stale === true && <StaleTag />}</div>
      </div>
      {current?.isDemo === true && <DemoNote />}

      {current === null ? (
        <p className="lt-cap-hero-none">
          暂无{data.cityName}最近 7 天的实时空气质量数据{data.cityCode.endsWith('00') ? '' : '（区县级数据暂未接入）'}。
        </p>
      ) : (
        <>
          <div className="lt-cap-hero-main">
            <div
              className={`lt-cap-aqi${current.stale ? ' lt-cap-aqi-stale' : ''}`}
              style={{ background: levelColor(level), color: levelInk(level) }}
              data-testid="city-aqi"
            >
              <span className="lt-cap-aqi-label">AQI</span>
              <span className="lt-cap-aqi-value">{formatAqi(current.aqi)}</span>
            </div>
            <div className="lt-cap-hero-facts">
              <div className="lt-cap-level-row">
                <span className="lt-cap-level" style={{ color: levelText(level) }} data-testid="city-level">
                  {current.levelName}
                </span>
                {grade !== '' && <span className="lt-cap-level-grade">{grade}</span>}
              </div>
              <div className="lt-cap-fact">
                <span className="lt-cap-fact-key">首要污染物</span>
                <span className="lt-cap-fact-value" data-testid="city-primary">
                  {current.primaryPollutant.length === 0
                    ? '无'
                    : current.primaryPollutant.map((k) => INDEX_LABEL[k]).join('、')}
                </span>
              </div>
            </div>
          </div>
          <p className="lt-cap-hero-meta">
            <span>
              数据时间{' '}
              <time className="lt-cap-fact-value" dateTime={current.time} data-testid="city-time">
                {chinaLabel(t, 'datetime')}
              </time>
            </span>
            {t !== null && <span>{ageText(t)}更新</span>}
            <span>{current.stationCount} 个站点均值</span>
          </p>

          {current.stale && t !== null && (
            <p className="lt-cap-stale-note" role="note">
              最新数据停留在 {chinaLabel(t, 'short')}（{ageText(t)}），可能已不代表当前空气状况。
            </p>
          )}

          <AqiScale aqi={current.aqi} />

          {current.health !== null && (
            <dl className="lt-cap-health">
              <div>
                <dt>健康影响</dt>
                <dd>{current.health.impact}</dd>
              </div>
              <div>
                <dt>建议措施</dt>
                <dd>{current.health.advice}</dd>
              </div>
            </dl>
          )}
        </>
      )}
    </section>
  );
}

/** The six level bands of the AQI with a marker where the current value sits. */
function AqiScale({ aqi }: { aqi: number | null }) {
  const position = aqi === null ? null : Math.min(aqi, SCALE_MAX) / SCALE_MAX;
  return (
    <div className="lt-cap-scale" aria-hidden="true">
      <div className="lt-cap-scale-bar">
        {AQI_SCALE.map((s) => (
          <span
            key={s.level}
            style={{ flexGrow: s.to - s.from, background: levelColor(s.level) }}
            title={`${s.from}–${s.to}`}
          />
        ))}
        {position !== null && <i className="lt-cap-scale-marker" style={{ left: `${position * 100}%` }} />}
      </div>
      <div className="lt-cap-scale-ticks">
        {[0, 50, 100, 150, 200, 300, 500].map((v) => (
          <span key={v} style={{ left: `${(v / SCALE_MAX) * 100}%` }}>
            {v}
          </span>
        ))}
      </div>
    </div>
  );
}

export function HeroSkeleton() {
  // Shaped like the hero itself, so that the answer replaces it without moving what is below.
  return (
    <section className="lt-cap-hero lt-cap-hero-loading" role="status" aria-label="正在加载当前空气质量">
      <div className="lt-sk lt-sk-title" />
      <div className="lt-cap-hero-main">
        <div className="lt-sk lt-cap-aqi" />
        <div className="lt-cap-hero-facts">
          <div className="lt-sk lt-sk-line" />
          <div className="lt-sk lt-sk-line short" />
        </div>
      </div>
      <div className="lt-sk lt-sk-meta" />
      <div className="lt-sk lt-sk-bar" />
      <div className="lt-cap-health">
        <div className="lt-sk lt-sk-health" />
        <div className="lt-sk lt-sk-health" />
      </div>
    </section>
  );
}
