import type { ClusterCollection, ClusterEach, HistoryPollutant } from '@lantian/contracts';
import { HISTORY_POLLUTANTS } from '@lantian/contracts/data-analysis';
import { Alert, Descriptions, Segmented, Select, Tag } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { EChart, type EChartsLib } from '../../shared/charts/EChart';
import { useChinaOutline, useClusterEach, useClusters } from './data-analysis.api';
import { POLLUTANT_LABELS } from './HistoryPanel';
import type { ClusterState } from './url-state';

export const CLUSTER_COLORS = [
  '#1677ff',
  '#fa541c',
  '#52c41a',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#faad14',
  '#a0d911',
  '#8c8c8c',
  '#2f54eb',
];
const colorOf = (cluster: number) => CLUSTER_COLORS[cluster % CLUSTER_COLORS.length] ?? '#1677ff';
const MAP_NAME = 'lt-china-100000';
let mapRegistered = false;

const errorText = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : '加载失败';

interface Props {
  state: ClusterState;
  onChange: (next: ClusterState) => void;
}

export function ClusterPanel({ state, onChange }: Props) {
  const clusters = useClusters(state);
  const each = useClusterEach(state);
  const outline = useChinaOutline();
  const [profile, setProfile] = useState<'z' | 'level'>('level');
  const method = clusters.data?.method;
  const error = clusters.error ?? each.error;

  return (
    <div className="lt-da-panel">
      <section className="lt-da-card lt-da-filters" aria-label="聚类条件">
        <div className="lt-da-field">
          <span className="lt-da-label">污染物</span>
          <Select<HistoryPollutant>
            aria-label="聚类污染物"
            className="lt-da-factor"
            value={state.factor}
            options={HISTORY_POLLUTANTS.map((p) => ({ label: POLLUTANT_LABELS[p], value: p }))}
            onChange={(factor) => onChange({ ...state, factor })}
          />
        </div>
        <div className="lt-da-field">
          <span className="lt-da-label">时段</span>
          <Segmented<number>
            value={state.days}
            options={[7, 30, 90].map((d) => ({ label: `近${d}天`, value: d }))}
            onChange={(days) => onChange({ ...state, days })}
          />
        </div>
        <div className="lt-da-field">
          <span className="lt-da-label">类数 k</span>
          <Segmented<number>
            value={state.k}
            options={[2, 3, 4, 5, 6].map((k) => ({ label: String(k), value: k }))}
            onChange={(k) => onChange({ ...state, k })}
          />
        </div>
      </section>
      {error !== null ? <Alert type="error" showIcon title="聚类加载失败" description={errorText(error)} /> : null}
      <div className="lt-da-cluster-grid">
        <section className="lt-da-card" aria-label="聚类地图">
          <header className="lt-da-card-head">
            <h2>站点分布</h2>
            {each.data !== undefined ? (
              <span className="lt-da-legend">
                {each.data.map((c) => (
                  <Tag key={c.cluster} color={colorOf(c.cluster)}>
                    第{c.cluster + 1}类
                  </Tag>
                ))}
              </span>
            ) : null}
          </header>
          {clusters.data !== undefined && outline.data !== undefined ? (
            <ClusterMap data={clusters.data} outline={outline.data} />
          ) : (
            <div className="lt-da-map lt-da-placeholder" />
          )}
        </section>
        <section className="lt-da-card" aria-label="各类日变化曲线">
          <header className="lt-da-card-head">
            <h2>各类日变化曲线</h2>
            <Segmented<'z' | 'level'>
              size="small"
              value={profile}
              options={[
                { label: '浓度', value: 'level' },
                { label: '标准化', value: 'z' },
              ]}
              onChange={setProfile}
            />
          </header>
          {each.data !== undefined ? (
            <ProfileChart each={each.data} factor={state.factor} profile={profile} />
          ) : (
            <div className="lt-da-chart lt-da-placeholder" />
          )}
          {each.data !== undefined ? (
            <ul className="lt-da-members">
              {each.data.map((c) => (
                <li key={c.cluster}>
                  <Tag color={colorOf(c.cluster)}>第{c.cluster + 1}类</Tag>
                  {c.size} 个站点，峰值 {c.peakHour} 时：
                  <span className="lt-da-member-names">
                    {c.members
                      .slice(0, 6)
                      .map((m) => `${m.cityName}${m.stationName}`)
                      .join('、')}
                    {c.size > 6 ? ' 等' : ''}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      {method !== undefined ? (
        <section className="lt-da-card" aria-label="方法说明">
          <header className="lt-da-card-head">
            <h2>方法说明</h2>
          </header>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'a', label: '算法', children: method.algorithm },
              { key: 'f', label: '特征', children: method.features },
              { key: 'n', label: '标准化', children: method.normalisation },
              {
                key: 'p',
                label: '时段',
                children: `${method.startTime.slice(0, 16)} 至 ${method.endTime.slice(0, 16)}`,
              },
              {
                key: 's',
                label: '站点',
                children: `${method.stations} 个参与（${method.excludedStations} 个因某时段有效值少于 ${method.minHoursPerSlot} 个未参与）`,
              },
              {
                key: 'q',
                label: '质量',
                children: `k=${method.kUsed}，惯性 ${method.inertia}，轮廓系数 ${method.silhouette ?? '—'}，迭代 ${method.iterations} 次`,
              },
            ]}
          />
        </section>
      ) : null}
    </div>
  );
}

function ClusterMap({ data, outline }: { data: ClusterCollection; outline: string }) {
  const option = useMemo((): EChartsCoreOption => {
    const byCluster = new Map<number, ClusterCollection['features']>();
    for (const f of data.features) {
      const list = byCluster.get(f.properties.cluster) ?? [];
      list.push(f);
      byCluster.set(f.properties.cluster, list);
    }
    return {
      animation: false,
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (p: { data?: { name?: string; cluster?: number; mean?: number } }) =>
          p.data?.name === undefined
            ? ''
            : `${p.data.name}<br/>第${(p.data.cluster ?? 0) + 1}类 · 时段均值 ${p.data.mean ?? '—'}`,
      },
      geo: {
        map: MAP_NAME,
        roam: true,
        // The outline fills the box (the islands of the South China Sea make it tall).
        top: 8,
        bottom: 8,
        left: 8,
        right: 8,
        itemStyle: { areaColor: '#f3f6fa', borderColor: '#c5cfdc' },
        emphasis: { disabled: true },
        label: { show: false },
      },
      series: [...byCluster.entries()]
        .sort(([a], [b]) => a - b)
        .map(([cluster, features]) => ({
          type: 'scatter',
          coordinateSystem: 'geo',
          name: `第${cluster + 1}类`,
          symbolSize: 7,
          itemStyle: { color: colorOf(cluster), borderColor: '#fff', borderWidth: 0.6 },
          data: features.map((f) => ({
            name: `${f.properties.cityName} ${f.properties.stationName}`,
            value: f.geometry.coordinates,
            cluster,
            mean: f.properties.mean,
          })),
        })),
    };
  }, [data]);
  const prepare = (echarts: EChartsLib) => {
    if (mapRegistered) return;
    echarts.registerMap(MAP_NAME, outline);
    mapRegistered = true;
  };
  return (
    <EChart
      className="lt-da-map"
      option={option}
      prepare={prepare}
      ariaLabel={`站点聚类地图：${data.features.length} 个站点分为 ${data.method.kUsed} 类`}
    />
  );
}

function ProfileChart({
  each,
  factor,
  profile,
}: {
  each: ClusterEach[];
  factor: HistoryPollutant;
  profile: 'z' | 'level';
}) {
  const option = useMemo(
    (): EChartsCoreOption => ({
      animation: false,
      grid: { left: 44, right: 16, top: 60, bottom: 32 },
      legend: { type: 'scroll', top: 0 },
      tooltip: { trigger: 'axis', confine: true },
      xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => `${h + 1}时`), boundaryGap: false },
      yAxis: {
        type: 'value',
        name: profile === 'z' ? 'z 分数' : factor === 'aqi' ? 'AQI' : factor === 'co' ? 'mg/m³' : 'μg/m³',
        nameTextStyle: { align: 'left' },
        splitLine: { lineStyle: { color: '#eef0f3' } },
      },
      series: each.map((c) => ({
        type: 'line',
        name: `第${c.cluster + 1}类（${c.size}）`,
        data: profile === 'z' ? c.centroid : c.meanProfile,
        smooth: true,
        showSymbol: false,
        lineStyle: { width: 2 },
        color: colorOf(c.cluster),
      })),
    }),
    [each, factor, profile],
  );
  return <EChart className="lt-da-chart" option={option} ariaLabel={`各类的 ${POLLUTANT_LABELS[factor]} 日变化曲线`} />;
}
