import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Descriptions, Empty, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { SkewT } from './SkewT';
import { getInversionStats, getSounding, getStations, windKeys } from './wind.api';

const fmt = (v: number | null, unit = '') => (v === null ? '—' : `${v}${unit}`);

/** 探空分析: a station of the operator's area, an ascent as a skew-T with its indices, and the inversions of the last week. */
export function Soundings() {
  const stations = useQuery({ queryKey: windKeys.stations, queryFn: ({ signal }) => getStations(signal) });
  const [code, setCode] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const chosen = code ?? stations.data?.find((s) => s.latestTime !== null)?.code ?? stations.data?.[0]?.code ?? null;
  const sounding = useQuery({
    queryKey: windKeys.sounding(chosen ?? '', time),
    queryFn: ({ signal }) => getSounding(chosen as string, time, signal),
    enabled: chosen !== null,
    retry: false,
  });
  const stats = useQuery({
    queryKey: windKeys.stats(chosen ?? ''),
    queryFn: ({ signal }) => getInversionStats(chosen as string, signal),
    enabled: chosen !== null,
  });
  if (stations.isError) return <Alert type="error" showIcon title={errorText(stations.error)} />;
  if (!stations.data) return <Spin />;
  if (stations.data.length === 0) return <Empty description="您的辖区内没有探空站" />;
  const s = sounding.data;
  const ix = s?.indices;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label="探空站"
          style={{ width: 220 }}
          value={chosen ?? undefined}
          showSearch
          optionFilterProp="label"
          options={stations.data.map((st) => ({ label: `${st.name}（${st.code}）`, value: st.code }))}
          onChange={(v: string) => {
            setCode(v);
            setTime(null);
          }}
        />
        <Select
          aria-label="观测时次"
          style={{ width: 200 }}
          value={s?.time}
          options={(s?.times ?? []).map((t) => ({ label: t, value: t }))}
          onChange={(v: string) => setTime(v)}
        />
        {s?.demo ? <Tag color="orange">演示数据</Tag> : null}
      </Space>
      {sounding.isError ? <Alert type="info" showIcon title={errorText(sounding.error)} /> : null}
      {s && ix ? (
        <Row gutter={24}>
          <Col flex="580px">
            <SkewT levels={s.levels} />
            <Typography.Paragraph type="secondary">
              红：温度　绿：露点　实线（橙）干绝热线，虚线（绿）湿绝热线，右侧风羽。
            </Typography.Paragraph>
          </Col>
          <Col flex="auto">
            <Descriptions column={1} size="small" bordered title={`${s.station.name} ${s.time}`}>
              <Descriptions.Item label="抬升凝结高度 LCL">{fmt(ix.lclPressure, ' hPa')}</Descriptions.Item>
              <Descriptions.Item label="自由对流高度 LFC / 平衡高度 EL">
                {fmt(ix.lfcPressure, ' hPa')} / {fmt(ix.elPressure, ' hPa')}
              </Descriptions.Item>
              <Descriptions.Item label="CAPE / CIN">
                {fmt(ix.cape, ' J/kg')} / {fmt(ix.cin, ' J/kg')}
              </Descriptions.Item>
              <Descriptions.Item label="K 指数">{fmt(ix.kIndex)}</Descriptions.Item>
              <Descriptions.Item label="沙氏指数 SI / 抬升指数 LI">
                {fmt(ix.showalter)} / {fmt(ix.liftedIndex)}
              </Descriptions.Item>
              <Descriptions.Item label="可降水量">{fmt(ix.precipitableWater, ' mm')}</Descriptions.Item>
              <Descriptions.Item label="混合层高度（离地）">{fmt(ix.mixingHeight, ' m')}</Descriptions.Item>
              <Descriptions.Item label="逆温层">
                {ix.inversions.length === 0
                  ? '无'
                  : ix.inversions.map((i) => (
                      <div key={i.baseHeight}>
                        {Math.round(i.baseHeight)}–{Math.round(i.topHeight)} m，强度 {i.strength} ℃
                      </div>
                    ))}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              近 7 天逆温与混合层
            </Typography.Title>
            <Table
              size="small"
              rowKey="time"
              pagination={false}
              loading={stats.isLoading}
              dataSource={stats.data ?? []}
              columns={[
                { title: '时次', dataIndex: 'time' },
                { title: '混合层高度', dataIndex: 'mixingHeight', render: (v: number | null) => fmt(v, ' m') },
                { title: '逆温层数', dataIndex: 'inversionCount' },
                {
                  title: '贴地逆温',
                  dataIndex: 'groundInversion',
                  render: (v: boolean) => (v ? <Tag color="red">是</Tag> : '否'),
                },
              ]}
            />
          </Col>
        </Row>
      ) : sounding.isLoading ? (
        <Spin />
      ) : null}
    </>
  );
}
