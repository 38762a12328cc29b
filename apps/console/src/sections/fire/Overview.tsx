import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Segmented, Spin, Statistic, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { fireApi, fireKeys } from './fire.api';
import { rankOption, trendOption, typePieOption } from './fire-charts';
import { PERIOD_OPTIONS, usePeriod } from './usePeriod';

/** 概况: the period's figures, the trend by type, the types' ring and the rank of sites or districts. */
export function Overview() {
  const [dateType, setDateType] = usePeriod();
  const [rankType, setRankType] = useState<'site' | 'area'>('site');
  const p = { dateType };
  const survey = useQuery({
    queryKey: fireKeys.call('survey', p),
    queryFn: ({ signal }) => fireApi.survey(p, signal),
    refetchInterval: 60_000,
  });
  const trend = useQuery({ queryKey: fireKeys.call('trend', p), queryFn: ({ signal }) => fireApi.trend(p, signal) });
  const types = useQuery({ queryKey: fireKeys.call('types', p), queryFn: ({ signal }) => fireApi.types(p, signal) });
  const rankParams = { dateType, rankType };
  const rank = useQuery({
    queryKey: fireKeys.call('rank', rankParams),
    queryFn: ({ signal }) => fireApi.rank(rankParams, signal),
  });
  const trendChart = useMemo(() => (trend.data === undefined ? undefined : trendOption(trend.data)), [trend.data]);
  const pieChart = useMemo(() => (types.data === undefined ? undefined : typePieOption(types.data)), [types.data]);
  const rankChart = useMemo(() => (rank.data === undefined ? undefined : rankOption(rank.data)), [rank.data]);
  const s = survey.data;
  const delta = s === undefined ? 0 : s.total - s.previousTotal;
  const alarmsLink = (extra: string) =>
    `/fire/alarms?${new URLSearchParams({ ...(dateType === 'month' ? {} : { dateType }), ...Object.fromEntries(new URLSearchParams(extra)) })}`;

  return (
    <>
      <div className="lt-fire-toolbar">
        <Segmented
          aria-label="统计期间"
          value={dateType}
          options={PERIOD_OPTIONS}
          onChange={(v) => setDateType(v as typeof dateType)}
        />
        {s !== undefined && (
          <Typography.Text type="secondary">
            {s.startTime.slice(0, 16)} 至 {s.endTime.slice(0, 16)}
          </Typography.Text>
        )}
      </div>
      {survey.isError && <Alert type="error" showIcon title={errorText(survey.error)} className="lt-form-alert" />}
      <Spin spinning={survey.isPending}>
        <Row gutter={[16, 16]} className="lt-fire-stats">
          <Col xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title="告警总数" value={s?.total ?? 0} suffix="次" />
              <Typography.Text type="secondary">
                环比{' '}
                <span className={delta > 0 ? 'lt-fire-delta-up' : 'lt-fire-delta-down'}>
                  {delta > 0 ? `+${delta}` : delta}
                </span>
                （上期 {s?.previousTotal ?? 0}）
              </Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Card size="small">
              <Link to={alarmsLink('type=fire')}>
                <Statistic title="火警" value={s?.fire ?? 0} suffix="次" styles={{ content: { color: '#cf1322' } }} />
              </Link>
              <Typography.Text type="secondary">去重后事件 {s?.incidents ?? 0} 起</Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Card size="small">
              <Link to={alarmsLink('status=active')}>
                <Statistic
                  title="待处理"
                  value={s?.unhandled ?? 0}
                  suffix="条"
                  styles={{ content: { color: '#d46b08' } }}
                />
              </Link>
              <Typography.Text type="secondary">
                已确认 {s?.acknowledged ?? 0}，已解除 {s?.cleared ?? 0}
              </Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title="误报" value={s?.falseAlarms ?? 0} suffix="条" />
              <Typography.Text type="secondary">处理结论为误报</Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title="消防站点" value={s?.sites.total ?? 0} suffix="个" />
              <Typography.Text type="secondary">期间有未解除告警 {s?.sites.alarming ?? 0} 个</Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title="探测器在线" value={s?.devices.online ?? 0} suffix={`/ ${s?.devices.total ?? 0}`} />
              <Typography.Text type="secondary">离线 {s?.devices.offline ?? 0} 台</Typography.Text>
            </Card>
          </Col>
        </Row>
      </Spin>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Card size="small" title="告警趋势">
            {trendChart === undefined ? (
              <Spin spinning={trend.isPending}>
                <Empty />
              </Spin>
            ) : (
              <EChart option={trendChart} ariaLabel="消防告警趋势，按告警类型堆叠" style={{ height: 300 }} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title="告警类型">
            {types.data?.list.every((t) => t.count === 0) ? (
              <Empty description="期间内没有告警" style={{ height: 268 }} />
            ) : pieChart === undefined ? (
              <Spin spinning={types.isPending}>
                <Empty />
              </Spin>
            ) : (
              <EChart
                option={pieChart}
                style={{ height: 300 }}
                ariaLabel={`告警类型：${types.data?.list.map((t) => `${t.name} ${t.count}`).join('，') ?? ''}`}
              />
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            title="告警排名"
            extra={
              <Segmented
                aria-label="排名方式"
                size="small"
                value={rankType}
                options={[
                  { value: 'site', label: '按站点' },
                  { value: 'area', label: '按区县' },
                ]}
                onChange={(v) => setRankType(v as 'site' | 'area')}
              />
            }
          >
            {rankChart === undefined || (rank.data?.list.length ?? 0) === 0 ? (
              <Empty description="没有消防站点" />
            ) : (
              <EChart
                option={rankChart}
                style={{ height: Math.max(160, Math.min(10, rank.data?.list.length ?? 0) * 32 + 40) }}
                ariaLabel={`告警排名：${
                  rank.data?.list
                    .slice(0, 10)
                    .map((r) => `${r.name} ${r.count}`)
                    .join('，') ?? ''
                }`}
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
