import type { SurfacePoint, WeatherLayerKey } from '@lantian/contracts';
import { Radio, Segmented, Tag } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useMemo, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { ARROW_PATH, downwindBearing, windText } from '../../shared/weather';
import { CHINA_MAP, useChinaMap, useNearViewport } from './china-map';
import { monthDayHour } from './format';
import { LAYERS, layerColor, layerValueText, legendGradient, legendOf, legendRangeText } from './layers';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './QueryState';
import { type SurfaceLayer, useSurfaceLayer } from './weather.api';

type View = 'near' | 'china';

/** Cities listed beside the map: the nearest ones. */
const NEARBY = 8;
/** Degrees of latitude either side of the city in the "周边" view. */
const NEAR_SPAN = 5;
/** Cities whose value is written beside their dot in the "周边" view (more would overlap). */
const LABELLED = 14;

/** Squared distance on a local flat projection: enough to order neighbours. */
function distance2(a: SurfacePoint, b: { longitude: number; latitude: number }): number {
  const k = Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180);
  return ((a.longitude - b.longitude) * k) ** 2 + (a.latitude - b.latitude) ** 2;
}

function pointTooltip(layer: WeatherLayerKey, p: SurfacePoint): string {
  const { name, unit } = legendOf(layer);
  const wind = layer === 'wind' ? `<br/>${windText({ windSpeed: p.value, windDirection: p.windDirection })}` : '';
  return `<b>${p.cityName}</b><br/>${name} ${layerValueText(layer, p.value)} ${unit}${wind}`;
}

function mapOption(
  data: SurfaceLayer,
  layer: WeatherLayerKey,
  view: View,
  city: SurfacePoint | undefined,
  roam: boolean,
) {
  const near = view === 'near' && city !== undefined;
  const arrows = layer === 'wind';
  const others = data.points.filter((p) => p.cityCode !== city?.cityCode);
  const labelled = new Set(
    city === undefined
      ? []
      : [...others]
          .sort((a, b) => distance2(a, city) - distance2(b, city))
          .slice(0, LABELLED)
          .map((p) => p.cityCode),
  );
  const item = (p: SurfacePoint) => ({
    name: p.cityName,
    value: [p.longitude, p.latitude, p.value],
    point: p,
    itemStyle: { color: layerColor(layer, p.value) },
    ...(arrows && p.windDirection !== null ? { symbolRotate: -downwindBearing(p.windDirection) } : {}),
  });
  const symbol = arrows ? `path://${ARROW_PATH}` : 'circle';
  const option: EChartsCoreOption = {
    animation: false,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: ({ data: d }: { data?: { point?: SurfacePoint } }) =>
        d?.point === undefined ? '' : pointTooltip(layer, d.point),
    },
    geo: {
      map: CHINA_MAP,
      // Drag to pan with a mouse; no wheel zoom (it would trap the page's scrolling) and no touch
      // panning (it would trap the phone's): 周边 / 全国 set the scale.
      roam: roam ? 'move' : false,
      scaleLimit: { min: 1, max: 14 },
      // The nationwide view leaves out the far South China Sea islands (the map has their inset box).
      ...(near
        ? { center: [city.longitude, city.latitude], zoom: 40 / (2 * NEAR_SPAN) }
        : { center: [104, 36.5], zoom: 1.5 }),
      itemStyle: { areaColor: '#f1f4f9', borderColor: '#aab6c8', borderWidth: 0.8 },
      emphasis: { disabled: true },
      select: { disabled: true },
      label: { show: false },
      silent: true,
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        symbol,
        symbolSize: arrows ? (near ? 16 : 10) : near ? 11 : 7,
        data: others.map((p) => ({ ...item(p), label: { show: near && labelled.has(p.cityCode) } })),
        itemStyle: { borderColor: arrows ? 'transparent' : '#fff', borderWidth: arrows ? 0 : 1 },
        label: {
          show: near,
          position: 'right',
          fontSize: 10,
          color: '#34404f',
          formatter: ({ data: d }: { data: { point: SurfacePoint } }) => layerValueText(layer, d.point.value),
        },
        labelLayout: { hideOverlap: true },
        emphasis: { scale: 1.4 },
      },
      ...(city === undefined
        ? []
        : [
            {
              type: 'scatter',
              coordinateSystem: 'geo',
              symbol,
              symbolSize: arrows ? 22 : 16,
              z: 5,
              data: [item(city)],
              itemStyle: { borderColor: '#111827', borderWidth: arrows ? 1 : 2.5 },
              label: {
                show: true,
                position: 'top',
                distance: 8,
                fontWeight: 'bold',
                fontSize: 12,
                color: '#111827',
                backgroundColor: 'rgba(255,255,255,0.85)',
                padding: [2, 4],
                borderRadius: 4,
                formatter: () => `${city.cityName} ${layerValueText(layer, city.value)}`,
              },
            },
          ]),
    ],
  };
  return option;
}

function Legend({ layer, city }: { layer: WeatherLayerKey; city: SurfacePoint | undefined }) {
  const { min, max, unit, name } = legendOf(layer);
  const position =
    city?.value === null || city?.value === undefined
      ? null
      : Math.min(1, Math.max(0, (city.value - min) / (max - min)));
  return (
    <figure className="lt-wx-legend" data-testid="layer-legend" aria-label={`${name}图例`}>
      <div className="lt-wx-legend-bar" style={{ background: legendGradient(layer) }}>
        {position === null ? null : (
          <span className="lt-wx-legend-mark" style={{ left: `${position * 100}%` }} aria-hidden="true" />
        )}
      </div>
      <div className="lt-wx-legend-ends">
        <span>
          {min} {unit}
        </span>
        <span>
          {max} {unit}
        </span>
      </div>
      <figcaption>
        图例范围 <span data-testid="legend-range">{legendRangeText(layer)}</span>
        {city === undefined ? null : (
          <>
            {' · '}
            {city.cityName}{' '}
            <strong>
              {layerValueText(layer, city.value)} {unit}
            </strong>
          </>
        )}
      </figcaption>
    </figure>
  );
}

function NearbyList({ layer, points, city }: { layer: WeatherLayerKey; points: SurfacePoint[]; city: SurfacePoint }) {
  const { unit } = legendOf(layer);
  const nearest = points
    .filter((p) => p.cityCode !== city.cityCode)
    .map((p) => ({ p, d: distance2(p, city) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, NEARBY)
    .map(({ p }) => p);
  return (
    <div className={layer === 'wind' ? 'lt-wx-nearby lt-wx-nearby-wide' : 'lt-wx-nearby'}>
      <h3>周边城市</h3>
      <ul>
        {[city, ...nearest].map((p) => (
          <li key={p.cityCode} className={p === city ? 'lt-wx-nearby-self' : undefined}>
            <span className="lt-wx-swatch" style={{ background: layerColor(layer, p.value) }} aria-hidden="true" />
            <span className="lt-wx-nearby-name">{p.cityName}</span>
            <span className="lt-wx-nearby-value">
              {layerValueText(layer, p.value)} <small>{unit}</small>
              {layer === 'wind' ? (
                <small className="lt-wx-muted">
                  {' '}
                  {windText({ windSpeed: p.value, windDirection: p.windDirection })}
                </small>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const finePointer = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches === true;

/**
 * The seven weather layers of spec §3 as a switchable nationwide map: every city's latest value on
 * the layer, coloured over the spec's legend range (§9), the city of the page marked, its nearest
 * neighbours listed. The map and the data are fetched only when the section comes near the viewport.
 */
export function WeatherLayers({ cityCode }: { cityCode: string }) {
  const [layer, setLayer] = useState<WeatherLayerKey>('temp');
  const [view, setView] = useState<View>('near');
  const [box, setBox] = useState<HTMLElement | null>(null);
  const near = useNearViewport(box);
  const query = useSurfaceLayer(layer, near);
  const map = useChinaMap(near);
  const [roam] = useState(finePointer);

  const data = query.data;
  const city = data?.points.find((p) => p.cityCode === cityCode);
  const option = useMemo(
    () => (data === undefined || map.state !== 'ready' ? undefined : mapOption(data, data.layer, view, city, roam)),
    [data, map.state, view, city, roam],
  );
  const shownLayer = data?.layer ?? layer;

  let body: ReactNode;
  if (query.isError && data === undefined) body = <ErrorBlock error={query.error} onRetry={() => query.refetch()} />;
  else if (map.state === 'error')
    body = <ErrorBlock title="地图加载失败" error={new Error('请检查网络后重试')} onRetry={map.retry} />;
  else if (data === undefined || option === undefined) body = <LoadingBlock rows={6} label="图层加载中" />;
  else if (data.points.length === 0) body = <EmptyBlock>暂无该图层的实况数据</EmptyBlock>;
  else
    body = (
      <div className="lt-wx-layer-body">
        <div className="lt-wx-map">
          <EChart
            option={option}
            className="lt-wx-map-chart"
            style={{ height: undefined }}
            ariaLabel={`全国各城市${legendOf(shownLayer).name}分布图`}
          />
        </div>
        {city === undefined ? null : <NearbyList layer={shownLayer} points={data.points} city={city} />}
      </div>
    );

  return (
    <section ref={setBox} className="lt-wx-card lt-wx-layers" aria-labelledby="lt-wx-layers-title">
      <header className="lt-wx-card-head">
        <h2 id="lt-wx-layers-title">气象图层</h2>
        {data === undefined ? null : (
          <span className="lt-wx-muted lt-wx-small">
            {data.time === null ? '暂无数据' : `${monthDayHour(data.time)} 实况`}
            {data.stale ? (
              <Tag color="warning" className="lt-wx-stale">
                已超过 3 小时
              </Tag>
            ) : null}
            {data.points.some((p) => p.isDemo) ? (
              <Tag color="orange" className="lt-wx-demo">
                演示数据
              </Tag>
            ) : null}
          </span>
        )}
      </header>
      <div className="lt-wx-layer-controls">
        <Radio.Group
          className="lt-wx-layer-switch"
          optionType="button"
          buttonStyle="solid"
          size="small"
          value={layer}
          onChange={(e) => setLayer(e.target.value as WeatherLayerKey)}
          aria-label="选择气象图层"
          options={LAYERS.map((l) => ({ value: l, label: legendOf(l).name }))}
        />
        <Segmented
          size="small"
          value={view}
          onChange={(v) => setView(v as View)}
          options={[
            { value: 'near', label: '周边' },
            { value: 'china', label: '全国' },
          ]}
          aria-label="地图范围"
        />
      </div>
      <Legend layer={layer} city={data?.layer === layer ? city : undefined} />
      {body}
    </section>
  );
}
