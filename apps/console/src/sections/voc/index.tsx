import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Segmented, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { EChart } from '../../shared/charts/EChart';
import { type VocKeySpecies, vocApi, vocKeys } from './voc.api';
import { percent, RANGE_PRESETS, type RangePreset, REGIME_COLORS, rangeOf } from './voc-view';
import './voc.css';

const FACTOR_TYPES = [
  { value: 'TVOC13', label: 'TVOC（全部物种）' },
  { value: 'alkane', label: '烷烃' },
  { value: 'alkene', label: '烯烃' },
  { value: 'alkyne', label: '炔烃' },
  { value: 'aromatic', label: '芳香烃' },
  { value: 'ovoc', label: '含氧 VOCs' },
  { value: 'halocarbon', label: '卤代烃' },
];
const UNIT_TEXT = { ug: 'μg/m³', ppb: 'ppb' } as const;
const hourLabel = (t: string) => t.slice(5, 16);

/**
 * VOC 分析 (docs/VOC.md): pick a VOC station of the area, a range, a unit and a total; read its
 * species series, composition by group, the top-10 species by ozone formation potential and by OH
 * reactivity, the diurnal profile with the traffic tracers, the toluene/benzene and xylene/
 * ethylbenzene ratios and the O3–NOx sensitivity hint.
 */
export default function VocSection() {
  const stations = useQuery({
    queryKey: vocKeys.call('stations', {}),
    queryFn: ({ signal }) => vocApi.stations({ pageNum: 1, pageSize: 100 }, signal),
  });
  const catalogue = useQuery({
    queryKey: vocKeys.call('species', {}),
    queryFn: ({ signal }) => vocApi.species(signal),
  });
  const [deviceCode, setDeviceCode] = useState<string | undefined>(undefined);
  const [preset, setPreset] = useState<RangePreset>('24h');
  const [unitType, setUnitType] = useState<'ug' | 'ppb'>('ug');
  const [factorType, setFactorType] = useState('TVOC13');
  const [picked, setPicked] = useState<string[] | undefined>(undefined);
  const list = stations.data?.list ?? [];
  const station = list.find((s) => s.deviceCode === deviceCode) ?? list[0];

  useEffect(() => {
    if (deviceCode === undefined && list[0] !== undefined) setDeviceCode(list[0].deviceCode);
  }, [deviceCode, list]);

  const speciesOptions = useMemo(() => {
    const names = new Map((catalogue.data?.list ?? []).map((s) => [s.code, s]));
    return (station?.species ?? []).map((code) => ({
      value: code,
      label: `${names.get(code)?.name ?? code}（${names.get(code)?.groupName ?? ''}）`,
    }));
  }, [catalogue.data, station]);
  const defaultPicked = useMemo(() => {
    const traffic = new Set((catalogue.data?.list ?? []).filter((s) => s.traffic).map((s) => s.code));
    return (station?.species ?? []).filter((c) => traffic.has(c)).slice(0, 6);
  }, [catalogue.data, station]);
  const chosen = picked ?? defaultPicked;

  // The range is fixed when the preset is chosen, so that the calls share one window.
  const [nowMs, setNowMs] = useState(() => Date.now());
  const range = useMemo(() => rangeOf(preset, nowMs), [preset, nowMs]);
  const base = station === undefined ? null : { deviceCode: station.deviceCode, ...range, factorType };
  const enabled = base !== null;
  const call = <T,>(
    name: string,
    params: Record<string, string | undefined>,
    fn: (p: typeof params, s: AbortSignal) => Promise<T>,
  ) =>
    ({
      queryKey: vocKeys.call(name, params),
      queryFn: ({ signal }: { signal: AbortSignal }) => fn(params, signal),
      enabled,
      placeholderData: keepPreviousData,
    }) as const;
  const seqParams = { ...base, unitType, vocIds: chosen.length > 0 ? chosen.join(',') : undefined };
  const sequence = useQuery(call('sequence', seqParams, vocApi.sequence));
  const composition = useQuery(call('composition', { ...base, unitType: 'ppb' }, vocApi.composition));
  const key = useQuery(call('keySpecies', { ...base, unitType: 'ppb' }, vocApi.keySpecies));
  const diurnal = useQuery(call('diurnal', { ...base, unitType }, vocApi.diurnal));
  const ratios = useQuery(call('ratios', { ...base }, vocApi.ratios));
  const sensitivity = useQuery(call('sensitivity', { ...base }, vocApi.sensitivity));

  return (
    <div className="lt-voc">
      <Card size="small">
        <Space wrap size="middle">
          <span>站点</span>
          <Select
            aria-label="VOC 站"
            style={{ width: 380 }}
            loading={stations.isLoading}
            placeholder="辖区内暂无 VOC 站"
            value={station?.deviceCode}
            options={list.map((s) => ({ value: s.deviceCode, label: `${s.name}（${s.areaName}）` }))}
            onChange={(v) => {
              setDeviceCode(v);
              setPicked(undefined);
            }}
          />
          <Segmented
            aria-label="时间范围"
            value={preset}
            options={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
            onChange={(v) => {
              setPreset(v as RangePreset);
              setNowMs(Date.now());
            }}
          />
          <Segmented
            aria-label="单位"
            value={unitType}
            options={[
              { value: 'ug', label: 'μg/m³' },
              { value: 'ppb', label: 'ppb' },
            ]}
            onChange={(v) => setUnitType(v as 'ug' | 'ppb')}
          />
          <Select
            aria-label="合计口径"
            style={{ width: 170 }}
            value={factorType}
            options={FACTOR_TYPES}
            onChange={setFactorType}
          />
          {station !== undefined && (
            <Typography.Text type="secondary">
              {station.online === 'online' ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>}
              {station.species.length} 个物种 · 最新 {station.lastSeen ?? '—'}
            </Typography.Text>
          )}
        </Space>
      </Card>

      {list.length === 0 && !stations.isLoading ? (
        <Card>
          <Empty description="辖区内暂无上报 VOC 物种的站点（V01 / A02 设备）" />
        </Card>
      ) : (
        <>
          <Card
            size="small"
            title={`物种浓度序列（${UNIT_TEXT[unitType]}）`}
            extra={
              <Select
                aria-label="物种"
                mode="multiple"
                maxTagCount={4}
                style={{ width: 420 }}
                placeholder="选择物种"
                value={chosen}
                options={speciesOptions}
                onChange={setPicked}
              />
            }
          >
            {sequence.data === undefined || sequence.data.times.length === 0 ? (
              <Empty description="该时段暂无有效小时数据" />
            ) : (
              <EChart
                ariaLabel="物种浓度序列图"
                style={{ height: 300 }}
                option={{
                  tooltip: { trigger: 'axis' },
                  legend: { type: 'scroll', top: 0 },
                  grid: { left: 48, right: 56, top: 36, bottom: 56 },
                  dataZoom: [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 8 }],
                  xAxis: { type: 'category', data: sequence.data.times.map(hourLabel) },
                  yAxis: [
                    { type: 'value', name: UNIT_TEXT[unitType] },
                    { type: 'value', name: sequence.data.total.name, splitLine: { show: false } },
                  ],
                  series: [
                    ...sequence.data.series.map((s) => ({
                      type: 'line',
                      name: s.name,
                      data: s.values,
                      showSymbol: false,
                    })),
                    {
                      type: 'line',
                      name: `${sequence.data.total.name}（所选合计）`,
                      yAxisIndex: 1,
                      data: sequence.data.total.values,
                      showSymbol: false,
                      lineStyle: { type: 'dashed', width: 2 },
                    },
                  ],
                }}
              />
            )}
          </Card>

          <Row gutter={[12, 12]}>
            <Col xs={24} xl={8}>
              <Card size="small" title="组成（按类别，ppb）">
                {composition.data === undefined || composition.data.total.species === 0 ? (
                  <Empty description="暂无数据" />
                ) : (
                  <>
                    <EChart
                      ariaLabel="VOC 组成饼图"
                      style={{ height: 260 }}
                      option={{
                        tooltip: { trigger: 'item', formatter: '{b}<br/>{c} ppb（{d}%）' },
                        series: [
                          {
                            type: 'pie',
                            radius: ['30%', '52%'],
                            center: ['50%', '50%'],
                            label: { formatter: '{b}\n{d}%', fontSize: 11 },
                            labelLine: { length: 8, length2: 6 },
                            data: composition.data.groups
                              .filter((g) => g.value > 0)
                              .map((g) => ({ name: g.name, value: g.value })),
                          },
                        ],
                      }}
                    />
                    <Typography.Text type="secondary">
                      TVOC {composition.data.total.value} ppb（{composition.data.total.ppbc} ppbC），OFP{' '}
                      {composition.data.total.ofp} μg/m³，L_OH {composition.data.total.loh} s⁻¹；
                      {composition.data.hours} 个小时
                    </Typography.Text>
                  </>
                )}
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <RankCard
                title="臭氧生成潜势 OFP 前 10（μg/m³）"
                ariaLabel="OFP 前 10 物种"
                rows={key.data?.byOfp}
                color="#fa8c16"
              />
            </Col>
            <Col xs={24} xl={8}>
              <RankCard
                title="OH 反应活性 L_OH 前 10（s⁻¹）"
                ariaLabel="L_OH 前 10 物种"
                rows={key.data?.byLoh}
                color="#722ed1"
              />
            </Col>
          </Row>

          <Row gutter={[12, 12]}>
            <Col xs={24} xl={12}>
              <Card size="small" title={`日变化（${diurnal.data?.days ?? 0} 天平均）`}>
                {diurnal.data === undefined ? (
                  <Empty description="暂无数据" />
                ) : (
                  <EChart
                    ariaLabel="日变化图"
                    style={{ height: 280 }}
                    option={{
                      tooltip: { trigger: 'axis' },
                      legend: { top: 0 },
                      grid: { left: 48, right: 48, top: 36, bottom: 28 },
                      xAxis: { type: 'category', data: diurnal.data.hours.map((h) => `${h}时`) },
                      yAxis: [
                        { type: 'value', name: UNIT_TEXT[unitType] },
                        { type: 'value', name: 'ppb', splitLine: { show: false } },
                      ],
                      series: [
                        { type: 'line', name: diurnal.data.total.name, data: diurnal.data.total.values, smooth: true },
                        { type: 'line', name: '机动车示踪物种', data: diurnal.data.traffic.values, smooth: true },
                        { type: 'line', name: 'O3', yAxisIndex: 1, data: diurnal.data.o3.values, smooth: true },
                        { type: 'line', name: 'NOx', yAxisIndex: 1, data: diurnal.data.nox.values, smooth: true },
                      ],
                    }}
                  />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card size="small" title="O3–NOx 敏感性" aria-label="O3–NOx 敏感性">
                {sensitivity.data === undefined ? (
                  <Empty description="暂无数据" />
                ) : (
                  <>
                    <Space size="large" wrap>
                      <Statistic title="早间 VOCs/NOx（ppbC/ppb）" value={sensitivity.data.morningRatio ?? '—'} />
                      <Statistic title="全时段平均" value={sensitivity.data.meanRatio ?? '—'} />
                      <Statistic
                        title="O3 最大小时值（ppb）"
                        value={sensitivity.data.o3Max ?? '—'}
                        suffix={
                          sensitivity.data.o3MaxTime === null ? (
                            ''
                          ) : (
                            <small>{hourLabel(sensitivity.data.o3MaxTime)}</small>
                          )
                        }
                      />
                      <div>
                        <div className="lt-voc-label">判断</div>
                        {sensitivity.data.regime === null ? (
                          <Tag>数据不足</Tag>
                        ) : (
                          <Tag color={REGIME_COLORS[sensitivity.data.regime]}>{sensitivity.data.regimeName}</Tag>
                        )}
                      </div>
                    </Space>
                    <EChart
                      ariaLabel="VOCs/NOx 比值图"
                      style={{ height: 180 }}
                      option={{
                        tooltip: { trigger: 'axis' },
                        legend: { top: 0 },
                        grid: { left: 40, right: 40, top: 28, bottom: 24 },
                        xAxis: { type: 'category', data: sensitivity.data.times.map(hourLabel) },
                        yAxis: [
                          // Up to the NOx-limited line, so both thresholds are always drawn.
                          {
                            type: 'value',
                            name: '比值',
                            max: (v: { max: number }) =>
                              Math.ceil(Math.max(v.max, sensitivity.data?.thresholds.noxLimited ?? 15) + 1),
                          },
                          { type: 'value', name: 'O3 ppb', splitLine: { show: false } },
                        ],
                        series: [
                          {
                            type: 'line',
                            name: 'VOCs/NOx',
                            data: sensitivity.data.vocNox,
                            showSymbol: false,
                            markLine: {
                              symbol: 'none',
                              label: { formatter: '{b}', position: 'insideEndTop' },
                              data: [
                                { name: 'VOCs 控制', yAxis: sensitivity.data.thresholds.vocLimited },
                                { name: 'NOx 控制', yAxis: sensitivity.data.thresholds.noxLimited },
                              ],
                            },
                          },
                          { type: 'line', name: 'O3', yAxisIndex: 1, data: sensitivity.data.o3, showSymbol: false },
                        ],
                      }}
                    />
                    <Typography.Paragraph type="secondary" className="lt-voc-note">
                      {sensitivity.data.note}
                    </Typography.Paragraph>
                  </>
                )}
                {ratios.data !== undefined && (
                  <Alert
                    type="info"
                    showIcon
                    message="特征比值（仅供参考）"
                    description={
                      <Space direction="vertical" size={2}>
                        <span>
                          甲苯/苯 平均 {ratios.data.tolueneBenzene.mean ?? '—'}：
                          {ratios.data.tolueneBenzene.hint ?? '数据不足'}
                        </span>
                        <span>
                          (间+对)二甲苯/乙苯 平均 {ratios.data.xyleneEthylbenzene.mean ?? '—'}：
                          {ratios.data.xyleneEthylbenzene.hint ?? '数据不足'}
                        </span>
                      </Space>
                    }
                  />
                )}
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}

function RankCard({
  title,
  ariaLabel,
  rows,
  color,
}: {
  title: string;
  ariaLabel: string;
  rows: VocKeySpecies['byOfp'] | undefined;
  color: string;
}) {
  return (
    <Card size="small" title={title}>
      {rows === undefined || rows.length === 0 ? (
        <Empty description="暂无数据" />
      ) : (
        <EChart
          ariaLabel={ariaLabel}
          style={{ height: 290 }}
          option={{
            tooltip: {
              trigger: 'axis',
              axisPointer: { type: 'shadow' },
              valueFormatter: (v: unknown) => String(v),
            },
            grid: { left: 90, right: 56, top: 8, bottom: 24 },
            xAxis: { type: 'value' },
            yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.name) },
            series: [
              {
                type: 'bar',
                data: rows.map((r) => r.value),
                itemStyle: { color },
                label: {
                  show: true,
                  position: 'right',
                  formatter: (p: { dataIndex: number }) => percent(rows[p.dataIndex]?.share ?? null),
                },
              },
            ],
          }}
        />
      )}
    </Card>
  );
}
