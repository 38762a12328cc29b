import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Segmented, Spin, Statistic } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { getOutline, mapNameOf } from '../../shared/charts/outline';
import { useSession } from '../../shared/session/session-context';
import { enterpriseIdOf, mapOption, outlineCodeOf, trendOption } from './charts';
import { eleApi, eleKeys } from './ele.api';

/** Counts of the area, the consumption trend and the enterprises on the map (red: treatment stopped now). */
export function OverviewTab() {
  const navigate = useNavigate();
  const { operator } = useSession();
  const [days, setDays] = useState(7);
  const overview = useQuery({
    queryKey: eleKeys.call('overview'),
    queryFn: ({ signal }) => eleApi.overview(signal),
    refetchInterval: 60_000,
  });
  const trend = useQuery({
    queryKey: eleKeys.call('trend', { days }),
    queryFn: ({ signal }) => eleApi.trend(days, signal),
  });
  const map = useQuery({
    queryKey: eleKeys.call('map'),
    queryFn: ({ signal }) => eleApi.map(signal),
    refetchInterval: 60_000,
  });
  const outlineCode = outlineCodeOf(operator.org.areaCode, map.data ?? []);
  const outline = useQuery({
    queryKey: ['outline', outlineCode],
    queryFn: ({ signal }) => getOutline(outlineCode, signal),
    enabled: map.data !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const mapName = outline.data === undefined || outline.data === null ? undefined : mapNameOf(outline.data);
  const mapChart = useMemo(() => mapOption(map.data ?? [], mapName), [map.data, mapName]);
  const go = useRef(navigate);
  go.current = navigate;
  const o = overview.data;

  return (
    <>
      {overview.error !== null && <Alert type="error" showIcon title={errorText(overview.error)} />}
      <Row gutter={[16, 16]} className="lt-ele-stats">
        <Col xs={12} md={6} lg={3}>
          <Statistic title="监管企业" value={o?.enterprises ?? '—'} suffix={o === undefined ? '' : `家`} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="正常生产" value={o?.operating ?? '—'} suffix="家" />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="电表在线" value={o === undefined ? '—' : `${o.onlineMeters} / ${o.meters}`} />
        </Col>
        <Col xs={12} md={6} lg={3} className={o !== undefined && o.abnormalEnterprises > 0 ? 'lt-ele-abnormal' : ''}>
          <Statistic title="当前治污异常" value={o?.abnormalEnterprises ?? '—'} suffix="家" />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="今日告警" value={o?.alarmsToday ?? '—'} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="未解除告警" value={o?.activeAlarms ?? '—'} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="未办结问题单" value={o?.openProblems ?? '—'} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="执行中停限产令" value={o?.activeOrders ?? '—'} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title="企业分布（红色：生产运行、治污停运）"
            extra={map.isFetching ? <Spin size="small" /> : null}
          >
            {map.data !== undefined && map.data.length === 0 ? (
              <Empty description="辖区内尚无用电监管企业" />
            ) : (
              <EChart
                className="lt-ele-map"
                option={mapChart}
                ariaLabel="用电监管企业分布图"
                onReady={(chart: EChartsType) =>
                  chart.on('click', (e) => {
                    const id = enterpriseIdOf(e.data);
                    if (id !== undefined) void go.current(`/ele/enterprises/${id}`);
                  })
                }
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title="每日用电量"
            extra={
              <Segmented
                size="small"
                value={days}
                onChange={(v) => setDays(Number(v))}
                options={[
                  { label: '近 7 天', value: 7 },
                  { label: '近 30 天', value: 30 },
                ]}
              />
            }
          >
            {trend.error !== null && <Alert type="error" showIcon title={errorText(trend.error)} />}
            <EChart className="lt-ele-map" option={trendOption(trend.data ?? [])} ariaLabel="生产与治污每日用电量" />
          </Card>
        </Col>
      </Row>
    </>
  );
}
