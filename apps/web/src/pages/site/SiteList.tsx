import type { CitySiteItem } from '@lantian/contracts';
import { AqiBadge, formatIndex, INDEX_LABEL, levelText, primaryLabel } from '../../shared/aqi';
import { metricLevel } from './metrics';
import { FIRST_DIR, type SortKey, type SortState, sortSites } from './sort';

/**
 * Every station of the city, sortable. A table on wide screens (one click on a column heading sorts
 * by it, a second reverses); on phones a list of rows with a sort picker, since eleven columns do
 * not fit 360 px.
 */

export interface SiteListProps {
  sites: readonly CitySiteItem[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  onSortChange: (sort: SortState) => void;
  selected: string | undefined;
  countyCode: string | undefined;
  countyName: string | undefined;
  compact: boolean;
  onSelect: (siteCode: string) => void;
}

const POLLUTANT_COLUMNS = ['pm2_5', 'pm10', 'o3', 'no2', 'so2', 'co'] as const;

const SORT_KEYS: readonly SortKey[] = ['time', 'aqi', 'name', 'pm2_5', 'pm10', 'o3', 'no2', 'so2', 'co'];

const SORT_LABEL: Readonly<Record<SortKey, string>> = {
  name: '站点名称',
  aqi: 'AQI',
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  o3: 'O₃',
  no2: 'NO₂',
  so2: 'SO₂',
  co: 'CO',
  time: '数据时间',
};

function hourLabel(time: string): string {
  return time.slice(5, 16);
}

function SiteTags({ site, inCounty, countyName }: { site: CitySiteItem; inCounty: boolean; countyName?: string }) {
  return (
    <>
      {site.isReference && !site.siteName.includes('对照点') && (
        <span className="lt-site-tag lt-site-tag-ref" title="对照点：位于城市背景区域，不参与城市均值">
          对照点
        </span>
      )}
      {(site.latest === null || site.latest.stale) && (
        <span className="lt-site-tag lt-site-tag-stale" title="最近一次数据早于当前 3 小时以上">
          {site.latest === null ? '无数据' : '数据过时'}
        </span>
      )}
      {inCounty && countyName !== undefined && <span className="lt-site-tag lt-site-tag-county">{countyName}</span>}
    </>
  );
}

function SortHeader({
  column,
  sort,
  onSort,
  className,
}: {
  column: SortKey;
  sort: SortState;
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button type="button" className="lt-site-sort" onClick={() => onSort(column)}>
        {SORT_LABEL[column]}
        <span className={`lt-site-sort-mark${active ? ' is-active' : ''}`} aria-hidden="true">
          {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

export function SiteList(props: SiteListProps) {
  const { sites, sort, selected, countyCode, countyName, compact, onSelect } = props;
  const rows = sortSites(sites, sort);
  const inCounty = (s: CitySiteItem) => countyCode !== undefined && s.countyCode === countyCode;

  if (compact) {
    return (
      <div className="lt-site-list-compact">
        <div className="lt-site-sortbar">
          <label>
            排序
            <select
              value={sort.key}
              onChange={(e) => {
                const key = SORT_KEYS.find((k) => k === e.target.value);
                if (key !== undefined) props.onSortChange({ key, dir: FIRST_DIR[key] });
              }}
            >
              {SORT_KEYS.map((k) => (
                <option key={k} value={k}>
                  {SORT_LABEL[k]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="lt-site-sortdir"
            aria-label={sort.dir === 'asc' ? '当前升序，点击改为降序' : '当前降序，点击改为升序'}
            onClick={() => props.onSortChange({ key: sort.key, dir: sort.dir === 'asc' ? 'desc' : 'asc' })}
          >
            {sort.dir === 'asc' ? '升序 ▲' : '降序 ▼'}
          </button>
        </div>
        <ul className="lt-site-cards" aria-label="监测站点列表">
          {rows.map((site) => {
            const l = site.latest;
            return (
              <li key={site.siteCode}>
                <button
                  type="button"
                  className={`lt-site-card${site.siteCode === selected ? ' is-selected' : ''}`}
                  aria-current={site.siteCode === selected ? 'true' : undefined}
                  onClick={() => onSelect(site.siteCode)}
                >
                  <AqiBadge aqi={l?.aqi} level={l?.level} stale={l === null || l.stale} />
                  <span className="lt-site-card-main">
                    <span className="lt-site-card-name">
                      <span className="lt-site-name-text">{site.siteName}</span>
                      <SiteTags site={site} inCounty={inCounty(site)} {...(countyName ? { countyName } : {})} />
                    </span>
                    <span className="lt-site-card-meta">
                      {l === null ? (
                        '暂无数据'
                      ) : (
                        <>
                          <span style={{ color: levelText(l.level) }}>{l.levelName}</span>
                          {' · 首要 '}
                          {primaryLabel(l.primaryPollutant)}
                          {' · '}
                          {hourLabel(l.time)}
                        </>
                      )}
                    </span>
                    {l !== null && (
                      <span className="lt-site-card-values">
                        {POLLUTANT_COLUMNS.map((k) => (
                          <span key={k}>
                            {INDEX_LABEL[k]}{' '}
                            <b style={{ color: levelText(metricLevel(l, k)) }}>{formatIndex(k, l[k])}</b>
                          </span>
                        ))}
                      </span>
                    )}
                  </span>
                  <span className="lt-site-card-chevron" aria-hidden="true">
                    ›
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  return (
    <div className="lt-site-table-wrap">
      <table className="lt-site-table">
        <caption className="lt-visually-hidden">监测站点列表，点击列标题排序，点击站点查看详情</caption>
        <thead>
          <tr>
            <SortHeader column="name" sort={sort} onSort={props.onSort} className="lt-col-name" />
            <SortHeader column="aqi" sort={sort} onSort={props.onSort} />
            <th scope="col">级别</th>
            <th scope="col">首要污染物</th>
            {POLLUTANT_COLUMNS.map((k) => (
              <SortHeader key={k} column={k} sort={sort} onSort={props.onSort} className="lt-col-num" />
            ))}
            <SortHeader column="time" sort={sort} onSort={props.onSort} />
          </tr>
        </thead>
        <tbody>
          {rows.map((site) => {
            const l = site.latest;
            const isSelected = site.siteCode === selected;
            return (
              <tr
                key={site.siteCode}
                className={isSelected ? 'is-selected' : undefined}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onSelect(site.siteCode)}
                data-site-code={site.siteCode}
              >
                <th scope="row" className="lt-col-name">
                  <button
                    type="button"
                    className="lt-site-name"
                    onClick={(e) => {
                      e.stopPropagation();
                      onSelect(site.siteCode);
                    }}
                  >
                    {site.siteName}
                  </button>
                  <SiteTags site={site} inCounty={inCounty(site)} {...(countyName ? { countyName } : {})} />
                </th>
                <td>
                  <AqiBadge aqi={l?.aqi} level={l?.level} stale={l === null || l.stale} />
                </td>
                <td style={{ color: levelText(l?.level) }}>{l?.levelName ?? '—'}</td>
                <td>{l === null ? '—' : primaryLabel(l.primaryPollutant)}</td>
                {POLLUTANT_COLUMNS.map((k) => (
                  <td key={k} className="lt-col-num">
                    {l === null ? '—' : formatIndex(k, l[k])}
                  </td>
                ))}
                <td className="lt-col-time">{l === null ? '—' : hourLabel(l.time)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="lt-site-note">浓度单位 μg/m³，CO 为 mg/m³；O₃ 为 1 小时浓度；时间为北京时间，小时值标在小时末。</p>
    </div>
  );
}
