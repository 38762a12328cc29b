import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, List, Row, Statistic, Tag, Typography } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { getOutline, mapNameOf } from '../../shared/charts/outline';
import { useSession } from '../../shared/session/session-context';
import { getAlarmCounts, getMapPoints, getOverview, listAlarms, smokeKeys } from './smoke.api';
import { mapOption } from './smoke-charts';

/** The outline to draw: the operator's area, or (nationwide) the city of the kitchens. */
function outlineArea(operatorArea: string, pointAreas: readonly string[]): string {
  if (operatorArea !== '100000') return operatorArea;
  const first = pointAreas[0];
  return first === undefined ? operatorArea : `${first.slice(0, 2)}0000`;
}

/** 总览: counts of the area's kitchens, the map coloured by state, the alarms by type and the newest open ones. */
export function Overview() {
  const navigate = useNavigate();
  const { operator } = useSession();
  const overview = useQuery({
    queryKey: smokeKeys.overview,
    queryFn: ({ signal }) => getOverview(signal),
    refetchInterval: 60_000,
  });
  const points = useQuery({
    queryKey: smokeKeys.map,
    queryFn: ({ signal }) => getMapPoints(signal),
    refetchInterval: 60_000,
  });
  const counts = useQuery({ queryKey: smokeKeys.alarmCounts, queryFn: ({ signal }) => getAlarmCounts(signal) });
  const openParams = { status: 'active', pageSize: '5' };
  const open = useQuery({
    queryKey: smokeKeys.alarms(openParams),
    queryFn: ({ signal }) => listAlarms(openParams, signal),
  });
  const area = outlineArea(
    operator.org.areaCode,
    (points.data ?? []).map((p) => p.areaCode),
  );
  const outline = useQuery({
    queryKey: ['smoke', 'outline', area],
    queryFn: ({ signal }) => getOutline(area, signal),
    enabled: points.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const option = useMemo(
    () => mapOption(outline.data ? mapNameOf(outline.data) : null, points.data ?? []),
    [outline.data, points.data],
  );
  const chart = useRef<EChartsType | null>(null);
  const o = overview.data;
  const stats = [
    { title: '监测企业', value: o?.enterprises, suffix: '家', note: `已安装监测仪 ${o?.monitored ?? '—'} 家` },
    { title: '在线', value: o?.online, suffix: '台', note: `离线 ${o?.offline ?? '—'} 台` },
    { title: '风机运行', value: o?.running, suffix: '家', note: `净化器运行 ${o?.purifierOn ?? '—'} 家` },
    { title: '超标', value: o?.overLimit, suffix: '家', color: '#cf1322', note: '10 分钟均值超过限值' },
    { title: '净化器未开', value: o?.purifierOff, suffix: '家', color: '#d46b08', note: '风机运行而净化器未开启' },
    { title: '未解除告警', value: o?.activeAlarms, suffix: '条', note: '含已确认未解除' },
  ];
  return (
    <>
      {overview.isError && <Alert type="error" showIcon title={errorText(overview.error)} className="lt-form-alert" />}
      <Row gutter={[12, 12]} className="lt-smoke-stats">
        {stats.map((s) => (
          <Col key={s.title} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic
                title={s.title}
                value={s.value ?? '—'}
                suffix={s.suffix}
                {...(s.color === undefined ? {} : { styles: { content: { color: s.color } } })}
              />
              <Typography.Text type="secondary">{s.note}</Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      {o !== undefined && (
        <Typography.Paragraph type="secondary">
          执行标准：{o.standard}（10 分钟均值超过 {o.limit} mg/m³ 为超标）；统计时间 {o.time}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" title="油烟监测点位">
            <EChart
              option={option}
              style={{ height: 440 }}
              ariaLabel="油烟监测点位地图"
              onReady={(instance) => {
                chart.current = instance;
                instance.on('click', (event) => {
                  const code = (event.data as { stationCode?: string } | undefined)?.stationCode;
                  if (code !== undefined) navigate(`/smoke/site/${code}`);
                });
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title="近 30 天告警（按类型）">
            <List
              size="small"
              loading={counts.isPending}
              dataSource={counts.data?.types ?? []}
              renderItem={(t) => (
                <List.Item extra={<span>{t.count} 条</span>}>
                  {t.typeName} {t.open > 0 && <Tag color="red">未解除 {t.open}</Tag>}
                </List.Item>
              )}
            />
          </Card>
          <Card size="small" title="待处理告警" extra={<Link to="/smoke/alarms">全部</Link>} className="lt-smoke-stats">
            <List
              size="small"
              loading={open.isPending}
              locale={{ emptyText: '暂无待处理告警' }}
              dataSource={open.data?.list ?? []}
              renderItem={(a) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      a.stationCode === null ? (
                        a.deviceName
                      ) : (
                        <Link to={`/smoke/site/${a.stationCode}`}>{a.enterpriseName ?? a.deviceName}</Link>
                      )
                    }
                    description={`${a.typeName} · ${a.firstAt}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
