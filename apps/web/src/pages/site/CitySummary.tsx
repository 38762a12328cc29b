import type { CitySiteData, CitySiteItem } from '@lantian/contracts';
import { AQI_LEVELS_ORDER, type AqiLevel } from '@lantian/domain';
import {
  AqiBadge,
  asLevel,
  LevelPill,
  levelColor,
  levelInk,
  levelName,
  levelTint,
  primaryLabel,
  StaleTag,
} from '../../shared/aqi';

/**
 * What the detail column shows before a station is chosen: the city's own hour (reference stations
 * excluded), how the stations spread over the levels, and the best and worst station.
 */
export function CitySummary({ data, onSelect }: { data: CitySiteData; onSelect: (siteCode: string) => void }) {
  const city = data.city;
  // Reference stations sit in clean background air on purpose: they are no "best station".
  const counted = data.sites.filter((s) => !s.isReference && s.latest !== null && s.latest.aqi !== null);
  const counts = new Map<AqiLevel, number>();
  for (const s of data.sites) {
    const level = asLevel(s.latest?.level);
    counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  const ranked = [...counted].sort((a, b) => (a.latest?.aqi ?? 0) - (b.latest?.aqi ?? 0));
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];

  return (
    <section className="lt-site-card-block lt-site-summary" aria-labelledby="lt-site-summary-title">
      <h2 id="lt-site-summary-title">{data.cityName}全市</h2>
      {city === null ? (
        <p className="lt-site-empty">暂无城市均值。</p>
      ) : (
        <div className="lt-site-now" style={{ background: levelTint(city.level, 0.12) }}>
          <AqiBadge aqi={city.aqi} level={city.level} size="medium" stale={city.stale} />
          <div className="lt-site-now-text">
            <div>
              <LevelPill level={city.level} label={city.levelName} />
              <span className="lt-site-primary">首要污染物 {primaryLabel(city.primaryPollutant)}</span>
            </div>
            <div className="lt-site-time">{city.time.slice(0, 16)} 发布</div>
            <div className="lt-site-time">全市各站点均值，不含对照点</div>
            {city.stale && <StaleTag />}
          </div>
        </div>
      )}

      {data.sites.length > 0 && (
        <>
          <h3>站点级别分布</h3>
          <div className="lt-site-spread" role="img" aria-label={spreadText(counts)}>
            {AQI_LEVELS_ORDER.filter((l) => (counts.get(l) ?? 0) > 0).map((l) => (
              <span
                key={l}
                style={{ flexGrow: counts.get(l) ?? 0, background: levelColor(l), color: levelInk(l) }}
                title={`${levelName(l)} ${counts.get(l)} 个`}
              >
                {counts.get(l)}
              </span>
            ))}
          </div>
          <p className="lt-site-note">{spreadText(counts)}</p>
        </>
      )}

      {best !== undefined && worst !== undefined && best !== worst && (
        <div className="lt-site-extremes">
          <Extreme label="空气最好" site={best} onSelect={onSelect} />
          <Extreme label="空气最差" site={worst} onSelect={onSelect} />
        </div>
      )}
      <p className="lt-site-hint">点击地图上或列表中的站点，查看它的各项污染物和 24 小时变化。</p>
    </section>
  );
}

function spreadText(counts: ReadonlyMap<AqiLevel, number>): string {
  return AQI_LEVELS_ORDER.filter((l) => (counts.get(l) ?? 0) > 0)
    .map((l) => `${levelName(l)} ${counts.get(l)} 个`)
    .join('，');
}

function Extreme({ label, site, onSelect }: { label: string; site: CitySiteItem; onSelect: (code: string) => void }) {
  return (
    <button type="button" className="lt-site-extreme" onClick={() => onSelect(site.siteCode)}>
      <span className="lt-site-extreme-label">{label}</span>
      <AqiBadge aqi={site.latest?.aqi} level={site.latest?.level} />
      <span className="lt-site-extreme-name">{site.siteName}</span>
    </button>
  );
}
