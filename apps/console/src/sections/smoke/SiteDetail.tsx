import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Breadcrumb,
  Card,
  Col,
  Descriptions,
  Empty,
  Row,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { RunTag, StateTag } from './StateTags';
import { getDetail, getHistory, getOverDays, getRunning, smokeKeys } from './smoke.api';
import { historyOption, runningOption } from './smoke-charts';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const DATA_TYPES = [
  { value: '10m', label: '10 分钟（24 小时）' },
  { value: 'hour', label: '小时（7 天）' },
  { value: 'day', label: '日（30 天）' },
];
const SPANS = { '10m': [1, 'day'], hour: [7, 'day'], day: [30, 'day'] } as const;
type DataType = keyof typeof SPANS;
const isDataType = (v: string | null): v is DataType => v === '10m' || v === 'hour' || v === 'day';

/**
 * A kitchen: its live state and register entry, the concentration against the limit with the fan and
 * purifier currents (10-minute, hour or day values), the running timeline of the last 24 hours in
 * 10-minute intervals, and the over-limit minutes of the last 7 days.
 */
export function SiteDetail() {
  const { stationCode = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('dataType');
  const dataType: DataType = isDataType(typeParam) ? typeParam : '10m';
  const detail = useQuery({
    queryKey: smokeKeys.detail(stationCode),
    queryFn: ({ signal }) => getDetail(stationCode, signal),
    refetchInterval: 60_000,
  });
  const monitored = detail.data?.deviceCode !== null && detail.data !== undefined;
  // The range is fixed when the page opens (rounded to the minute), so the query key stays put.
  const end = useMemo(() => dayjs().startOf('minute'), []);
  const [n, unit] = SPANS[dataType];
  const historyParams = {
    stationCode,
    dataType,
    startTime: end.subtract(n, unit).format(FORMAT),
    endTime: end.format(FORMAT),
  };
  const history = useQuery({
    queryKey: smokeKeys.history(historyParams),
    queryFn: ({ signal }) => getHistory(historyParams, signal),
    enabled: monitored,
    placeholderData: keepPreviousData,
  });
  const runningParams = { stationCode, startTime: end.subtract(1, 'day').format(FORMAT), endTime: end.format(FORMAT) };
  const running = useQuery({
    queryKey: smokeKeys.running(runningParams),
    queryFn: ({ signal }) => getRunning(runningParams, signal),
    enabled: monitored,
  });
  const days = useQuery({
    queryKey: smokeKeys.overDays(stationCode),
    queryFn: ({ signal }) => getOverDays(stationCode, signal),
    enabled: monitored,
  });
  const historyChart = useMemo(() => (history.data ? historyOption(history.data) : null), [history.data]);
  const runningChart = useMemo(() => (running.data ? runningOption(running.data) : null), [running.data]);

  if (detail.isError) return <Alert type="error" showIcon title={errorText(detail.error)} />;
  const d = detail.data;
  if (d === undefined) return <Skeleton active />;
  const e = d.enterprise;
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/smoke/live">实时监测</Link> }, { title: d.name }]}
        className="lt-smoke-stats"
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title="实时状态" extra={<StateTag row={d} />}>
            <Descriptions size="small" column={2}>
              <Descriptions.Item label="油烟浓度">{d.oilFume === null ? '—' : `${d.oilFume} mg/m³`}</Descriptions.Item>
              <Descriptions.Item label="10 分钟均值">{d.mean10 === null ? '—' : `${d.mean10} mg/m³`}</Descriptions.Item>
              <Descriptions.Item label="排放限值">{d.limit} mg/m³</Descriptions.Item>
              <Descriptions.Item label="在线">{d.onlineName}</Descriptions.Item>
              <Descriptions.Item label="风机">
                <Space>
                  <RunTag state={d.fanState} />
                  {d.fanCurrent === null ? '' : `${d.fanCurrent} A`}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label="净化器">
                <Space>
                  <RunTag state={d.purifierState} />
                  {d.purifierCurrent === null ? '' : `${d.purifierCurrent} A`}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label="数据时间">{d.time ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="监测仪 MN">{d.deviceCode ?? '未安装'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="企业信息">
            <Descriptions size="small" column={2}>
              <Descriptions.Item label="信用代码">{e.creditCode}</Descriptions.Item>
              <Descriptions.Item label="区域">{e.areaName}</Descriptions.Item>
              <Descriptions.Item label="规模">
                {e.scaleName ?? '—'}（{e.ranges} 个灶头）
              </Descriptions.Item>
              <Descriptions.Item label="净化效率">
                {e.purifierEfficiency === null ? '—' : `${e.purifierEfficiency}%`}
                {e.efficiencyOk === false && <Tag color="red">低于 {e.minEfficiency}%</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="菜系">{e.cuisine || '—'}</Descriptions.Item>
              <Descriptions.Item label="经营状态">{e.operateStatusName}</Descriptions.Item>
              <Descriptions.Item label="联系人">
                {e.contact || '—'} {e.phone}
              </Descriptions.Item>
              <Descriptions.Item label="地址">{e.address || '—'}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      {!monitored ? (
        <Empty description="该企业尚未安装油烟监测设备" />
      ) : (
        <>
          <Card
            size="small"
            title="油烟浓度与限值"
            className="lt-smoke-stats"
            style={{ marginTop: 16 }}
            extra={
              <Segmented
                options={DATA_TYPES}
                value={dataType}
                onChange={(value) => setParams({ dataType: String(value) }, { replace: true })}
                aria-label="数据类型"
              />
            }
          >
            {history.isError && <Alert type="error" showIcon title={errorText(history.error)} />}
            {historyChart === null ? (
              <Skeleton active />
            ) : history.data?.points.length === 0 ? (
              <Empty description="该时段没有数据" />
            ) : (
              <EChart option={historyChart} ariaLabel="油烟浓度与限值曲线" />
            )}
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Card
                size="small"
                title="风机与净化器运行状态（近 24 小时，10 分钟时段）"
                extra={
                  running.data === undefined
                    ? null
                    : `风机运行 ${running.data.fanOnMinutes} 分钟，其中净化器未开 ${running.data.purifierOffWhileFanOnMinutes} 分钟`
                }
              >
                {runningChart === null ? (
                  <Skeleton active />
                ) : (
                  <EChart option={runningChart} style={{ height: 150 }} ariaLabel="风机与净化器运行时间轴" />
                )}
                <Typography.Text type="secondary">
                  绿色为运行、灰色为停止、空白为无数据；时段状态取 10 分钟电流均值与运行阈值比较（风机{' '}
                  {running.data?.fanOnAmps ?? '—'} A，净化器 {running.data?.purifierOnAmps ?? '—'} A）
                </Typography.Text>
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title="逐日超标（近 7 天）">
                <Table
                  size="small"
                  rowKey="date"
                  aria-label="逐日超标分钟数"
                  pagination={false}
                  loading={days.isPending}
                  dataSource={days.data?.days ?? []}
                  columns={[
                    { title: '日期', dataIndex: 'date', key: 'date' },
                    {
                      title: '超标分钟',
                      key: 'overMinutes',
                      render: (_v, r) => (r.overMinutes > 0 ? <Tag color="red">{r.overMinutes}</Tag> : 0),
                    },
                    { title: '日均值', key: 'mean', render: (_v, r) => (r.mean === null ? '—' : r.mean) },
                    { title: '最大值', key: 'max', render: (_v, r) => (r.max === null ? '—' : r.max) },
                    { title: '有效分钟', dataIndex: 'validMinutes', key: 'validMinutes' },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
