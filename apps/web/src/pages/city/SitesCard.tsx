import type { CitySiteItem } from '@lantian/contracts';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AqiBadge, chinaLabel, formatIndex, INDEX_LABEL, levelText, parseChinaTime, StaleTag } from '../../shared/aqi';
import { Segmented } from '../../shared/Segmented';
import { Block, EmptyNote, QueryBody, useNearViewport } from './Block';
import { useCitySites } from './city.api';
import { BlockDemoTag } from './DemoLabels';

type SiteSort = 'aqi' | 'name';

/**
 * The city's monitoring stations with their latest hour, each opening its own page
 * (/site/{stationCode}). Reference stations (对照点) are marked: they do not count in the city mean.
 */
export function SitesCard({ city }: { city: string }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const [sort, setSort] = useState<SiteSort>('aqi');
  const q = useCitySites(city, near);
  const { search } = useLocation();
  const demo = q.data?.sites.some((s) => s.isDemo) === true;
  return (
    <Block
      id="city-sites"
      title={q.data === undefined ? '监测站点' : `监测站点（${q.data.sites.length}）`}
      blockRef={ref}
      extra={
        <>
          <BlockDemoTag demo={demo} />
          <Segmented
            value={sort}
            onChange={setSort}
            options={[
              { label: '按 AQI', value: 'aqi' },
              { label: '按名称', value: 'name' },
            ]}
            aria-label="站点排序"
          />
        </>
      }
    >
      <QueryBody state={q} label="站点" rows={6}>
        {() => {
          const sites = [...(q.data?.sites ?? [])];
          if (sites.length === 0) return <EmptyNote>该地区暂无监测站点</EmptyNote>;
          sites.sort(sort === 'aqi' ? byAqi : (a, b) => a.siteName.localeCompare(b.siteName, 'zh-CN'));
          return (
            <ul className="lt-cap-sites">
              {sites.map((s) => (
                <SiteRow key={s.siteCode} site={s} search={search} />
              ))}
            </ul>
          );
        }}
      </QueryBody>
    </Block>
  );
}

/** Worst first; stations without data last. */
function byAqi(a: CitySiteItem, b: CitySiteItem): number {
  return (b.latest?.aqi ?? -1) - (a.latest?.aqi ?? -1) || a.siteCode.localeCompare(b.siteCode);
}

function SiteRow({ site, search }: { site: CitySiteItem; search: string }) {
  const l = site.latest;
  const t = parseChinaTime(l?.time);
  return (
    <li>
      <Link
        to={`/site/${encodeURIComponent(site.siteCode)}${search}`}
        className="lt-cap-site"
        data-site={site.siteCode}
      >
        <AqiBadge aqi={l?.aqi} level={l?.level ?? 0} size="medium" stale={l?.stale === true} />
        <span className="lt-cap-site-main">
          <span className="lt-cap-site-name">
            {site.siteName}
            {site.isReference && <span className="lt-cap-site-flag">对照点</span>}
            {!site.active && <span className="lt-cap-site-flag">已停运</span>}
          </span>
          <span className="lt-cap-site-meta">
            {l === null ? (
              '暂无数据'
            ) : (
              <>
                <span style={{ color: levelText(l.level) }}>{l.levelName}</span>
                <span>
                  {l.primaryPollutant.length === 0
                    ? `PM2.5 ${formatIndex('pm2_5', l.pm2_5)}`
                    : `首要 ${l.primaryPollutant.map((k) => INDEX_LABEL[k]).join('、')}`}
                </span>
                <span>{chinaLabel(t, 'hour')}</span>
                {l.stale && <StaleTag />}
              </>
            )}
          </span>
        </span>
        <span className="lt-cap-site-go" aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}
