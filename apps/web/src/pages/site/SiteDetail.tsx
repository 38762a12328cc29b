import type { CitySiteData, SitePollutantIndex } from '@lantian/contracts';
import { healthAdvice } from '@lantian/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  AqiBadge,
  ageText,
  asLevel,
  DemoTag,
  DISPLAY_POLLUTANTS,
  formatIndex,
  INDEX_LABEL,
  indexName,
  indexUnit,
  LevelPill,
  levelColor,
  levelTint,
  parseChinaTime,
  primaryLabel,
  StaleTag,
} from '../../shared/aqi';
import { EChart } from '../../shared/charts/EChart';
import { InlineError, MetricSwitch, Shimmer } from './BlockParts';
import type { Metric } from './metrics';
import { siteCurrentQuery, siteDayQuery } from './site.api';
import { hourSlots, trendOption } from './trend';

/**
 * One station: its latest hour (AQI, level, primary pollutant, each pollutant with its sub-index),
 * how it compares with the city, and its last 24 hours.
 */
export function SiteDetail({
  siteCode,
  city,
  compact,
  onClose,
}: {
  siteCode: string;
  city: CitySiteData;
  compact: boolean;
  onClose: () => void;
}) {
  const current = useQuery(siteCurrentQuery(siteCode));
  const listed = city.sites.find((s) => s.siteCode === siteCode);
  const site = current.data?.site ?? listed;
  const latest = current.data?.latest;
  const titleId = `lt-site-detail-${siteCode}`;

  return (
    <section className="lt-site-card-block lt-site-detail" aria-labelledby={titleId}>
      <header className="lt-site-detail-head">
        <div>
          <h2 id={titleId}>{site?.siteName ?? siteCode}</h2>
          <p className="lt-site-sub">
            {site?.cityName ?? city.cityName} · 站点编码 {siteCode}
            {site?.longitude != null && site.latitude != null && (
              <>
                {' '}
                · {site.longitude.toFixed(2)}°E, {site.latitude.toFixed(2)}°N
              </>
            )}
          </p>
        </div>
        <button type="button" className="lt-site-close" aria-label="关闭站点详情" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="lt-site-tags-row">
        {site?.isReference && (
          <span className="lt-site-tag lt-site-tag-ref" title="对照点：位于城市背景区域，不参与城市均值">
            对照点 · 不计入城市均值
          </span>
        )}
        {latest?.stale && <StaleTag />}
        {(latest?.isDemo ?? site?.isDemo) && <DemoTag />}
      </div>

      {current.isError ? (
        <InlineError what="站点数据" error={current.error} onRetry={() => void current.refetch()} />
      ) : current.data === undefined ? (
        <Shimmer height={150} />
      ) : latest === null || latest === undefined ? (
        <p className="lt-site-empty">该站点暂无监测数据。</p>
      ) : (
        <>
          <div className="lt-site-now" style={{ background: levelTint(latest.level, 0.12) }}>
            <AqiBadge aqi={latest.aqi} level={latest.level} size="medium" stale={latest.stale} />
            <div className="lt-site-now-text">
              <div>
                <LevelPill level={latest.level} label={latest.levelName} />
                <span className="lt-site-primary">首要污染物 {primaryLabel(latest.primaryPollutant)}</span>
              </div>
              <div className="lt-site-time">
                {latest.time.slice(0, 16)} 发布
                <Age time={latest.time} />
              </div>
              {/* An old hour compared with the city's current one would mislead. */}
              {!latest.stale && (
                <CityComparison aqi={latest.aqi} city={city} isReference={site?.isReference === true} />
              )}
            </div>
          </div>
          <Advice level={latest.level} />
          <PollutantTiles pollutants={latest.pollutants} primary={latest.primaryPollutant} />
        </>
      )}
      <DayTrend siteCode={siteCode} compact={compact} />
    </section>
  );
}

function Age({ time }: { time: string }) {
  const t = parseChinaTime(time);
  return t === null ? null : <>（{ageText(t)}）</>;
}

function CityComparison({ aqi, city, isReference }: { aqi: number | null; city: CitySiteData; isReference: boolean }) {
  const cityAqi = city.city?.aqi ?? null;
  if (aqi === null || cityAqi === null) return null;
  const diff = aqi - cityAqi;
  const text = diff === 0 ? '与全市均值持平' : `比全市均值${diff > 0 ? '高' : '低'} ${Math.abs(diff)}`;
  return (
    <div className="lt-site-compare">
      {text}（{city.cityName} AQI {formatIndex('aqi', cityAqi)}
      {isReference ? '，对照点不计入' : ''}）
    </div>
  );
}

function Advice({ level }: { level: number }) {
  const advice = healthAdvice(asLevel(level));
  if (advice === null) return null;
  return (
    <p className="lt-site-advice">
      <strong>健康提示</strong> {advice.advice}。
    </p>
  );
}

function PollutantTiles({
  pollutants,
  primary,
}: {
  pollutants: readonly SitePollutantIndex[];
  primary: readonly string[];
}) {
  const byKey = new Map(pollutants.map((p) => [p.key, p]));
  return (
    <ul className="lt-site-pollutants" aria-label="各污染物浓度">
      {DISPLAY_POLLUTANTS.map((key) => {
        const p = byKey.get(key);
        const unit = indexUnit(key);
        return (
          <li
            key={key}
            className="lt-site-pol"
            style={{ borderLeftColor: levelColor(p?.level) }}
            title={indexName(key)}
          >
            <span className="lt-site-pol-name">
              {INDEX_LABEL[key]}
              {primary.includes(key) && <span className="lt-site-pol-primary">首要</span>}
            </span>
            <span className="lt-site-pol-value">
              {formatIndex(key, p?.value)}
              <small>{p?.value == null ? '' : unit}</small>
            </span>
            <span className="lt-site-pol-iaqi">
              IAQI {p?.iaqi ?? '—'} · {p?.levelName ?? '未知'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function DayTrend({ siteCode, compact }: { siteCode: string; compact: boolean }) {
  const [metric, setMetric] = useState<Metric>('aqi');
  const day = useQuery(siteDayQuery(siteCode));
  const slots = useMemo(
    () => (day.data === undefined ? [] : hourSlots(day.data.startTime, day.data.endTime, day.data.items)),
    [day.data],
  );
  const option = useMemo(() => trendOption(slots, metric), [slots, metric]);
  const missing = slots.filter((s) => s.hour === undefined).length;
  return (
    <div className="lt-site-trend">
      <h3>24 小时变化</h3>
      <MetricSwitch value={metric} onChange={setMetric} label="趋势指标" />
      {day.isError ? (
        <InlineError what="24 小时数据" error={day.error} onRetry={() => void day.refetch()} />
      ) : day.data === undefined ? (
        <Shimmer height={compact ? 190 : 220} />
      ) : day.data.items.length === 0 ? (
        <p className="lt-site-empty">最近 24 小时没有数据。</p>
      ) : (
        <>
          <EChart
            option={option}
            ariaLabel={`最近 24 小时${INDEX_LABEL[metric]}逐时变化柱状图`}
            style={{ height: compact ? 190 : 220 }}
          />
          <p className="lt-site-note">
            {day.data.startTime.slice(5, 16)} 至 {day.data.endTime.slice(5, 16)}
            {missing > 0 ? `，其中 ${missing} 小时缺测` : ''}
          </p>
        </>
      )}
    </div>
  );
}
