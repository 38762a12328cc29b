import { ExclamationCircleOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { ONLINE_STATES, OPERATION_STATUSES, VALID_STATUSES } from '@lantian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  DatePicker,
  InputNumber,
  Progress,
  Segmented,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api';
import { dictLabel, dictOptions, useDict } from '../../shared/lookups/dict';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { ONLINE_COLORS, STATUS_COLORS } from './device-states';
import {
  deviceKeys,
  getIncompleteData,
  type IncompleteRow,
  listOperations,
  listOpsDevices,
  type OperationRow,
  type OpsDeviceRow,
} from './devices.api';
import { OpsForm, type OpsFormMode, useOpsDeviceOptions } from './OpsForm';
import { percent } from './ops';

const VIEWS = [
  { value: '', label: '运维记录' },
  { value: 'completeness', label: '数据完整性' },
  { value: 'status', label: '设备运行状态' },
];

/** 运维: the ops records (and the two forms that add to them), the data completeness report, every device's state. */
export function Ops() {
  const view = useParams()['*'] ?? '';
  const navigate = useNavigate();
  return (
    <>
      <Segmented
        className="lt-device-ops-views"
        value={VIEWS.some((v) => v.value === view) ? view : ''}
        options={VIEWS}
        onChange={(v) => navigate(v === '' ? '/devices/ops' : `/devices/ops/${String(v)}`)}
        aria-label="运维视图"
      />
      <Routes>
        <Route index element={<OperationRecords />} />
        <Route path="completeness" element={<Completeness />} />
        <Route path="status" element={<DeviceStatus />} />
        <Route path="*" element={<Navigate to="/devices/ops" replace />} />
      </Routes>
    </>
  );
}

// --- 运维记录 ---

const OPS_FILTERS = ['operationStatus', 'validStatus', 'deviceId', 'startTime', 'endTime'] as const;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const STATUS_OPTIONS = Object.entries(OPERATION_STATUSES).map(([value, label]) => ({ value, label }));
const VALID_OPTIONS = Object.entries(VALID_STATUSES).map(([value, label]) => ({ value, label }));
const OPS_COLORS: Readonly<Record<string, string>> = {
  inspection: 'blue',
  maintenance: 'cyan',
  calibration: 'purple',
  repair: 'orange',
  invalidated: 'red',
};

/** The body of the list call: malformed times from a pasted address left out. */
function operationParams(params: Readonly<Record<string, string | number>>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([name, value]) =>
        name !== 'sortBy' && name !== 'sortOrder' && (!name.endsWith('Time') || TIME.test(String(value))),
    ),
  );
}

function OperationRecords() {
  const table = useUrlTable<OperationRow>(OPS_FILTERS);
  const canOps = useCan('device:ops');
  const factors = useDict('factor');
  const devices = useOpsDeviceOptions();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<OpsFormMode | undefined>(undefined);
  const body = operationParams(table.params);

  const list = useQuery({
    queryKey: deviceKeys.operations(body),
    queryFn: ({ signal }) => listOperations(body, signal),
    placeholderData: keepPreviousData,
  });
  const { filters } = table.query;
  const timeOf = (t: string | undefined) => (t !== undefined && TIME.test(t) ? dayjs(t) : null);

  const columns: TableColumnsType<OperationRow> = [
    {
      title: '运维类型',
      dataIndex: 'operationStatusName',
      key: 'operationStatus',
      width: 120,
      render: (v: string, r) => <Tag color={OPS_COLORS[r.operationStatus]}>{v}</Tag>,
    },
    {
      title: '设备',
      key: 'devices',
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.deviceIds.map((id, i) => (
            <Tag key={id}>
              <Link to={`/devices/${id}`}>{r.deviceNames[i] ?? `#${id}`}</Link>
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '因子',
      dataIndex: 'factor',
      key: 'factor',
      width: 120,
      render: (v: string | null) => (v === null ? '全部因子' : dictLabel(factors.data?.items, v)),
    },
    {
      title: '时间段',
      key: 'range',
      width: 200,
      render: (_, r) => (
        <>
          {r.startTime}
          <Typography.Text type="secondary" className="lt-device-sub">
            至 {r.endTime}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '期间数据',
      dataIndex: 'validStatusName',
      key: 'validStatus',
      width: 110,
      render: (v: string, r) => <Tag color={r.validStatus === 'valid' ? 'success' : 'error'}>{v}</Tag>,
    },
    {
      title: '说明',
      dataIndex: 'note',
      key: 'note',
      ellipsis: true,
      render: (v: string) => v || <span className="lt-muted">—</span>,
    },
    { title: '记录人', dataIndex: 'operator', key: 'operator', width: 100 },
    { title: '记录时间', dataIndex: 'createdAt', key: 'createdAt', width: 170 },
  ];

  return (
    <>
      <div className="lt-device-toolbar">
        <search className="lt-filters" aria-label="筛选运维记录">
          <Select
            allowClear
            placeholder="运维类型"
            value={filters.operationStatus}
            onChange={(operationStatus?: string) => table.setFilters({ operationStatus })}
            options={STATUS_OPTIONS}
            className="lt-filter-status"
            aria-label="运维类型"
          />
          <Select
            allowClear
            placeholder="期间数据"
            value={filters.validStatus}
            onChange={(validStatus?: string) => table.setFilters({ validStatus })}
            options={VALID_OPTIONS}
            className="lt-filter-status"
            aria-label="期间数据"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="设备"
            value={filters.deviceId}
            onChange={(deviceId?: string) => table.setFilters({ deviceId })}
            options={devices.options}
            loading={devices.loading}
            className="lt-filter-select"
            aria-label="设备"
          />
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            placeholder={['开始时间', '结束时间']}
            value={[timeOf(filters.startTime), timeOf(filters.endTime)]}
            onChange={(dates) =>
              table.setFilters({
                startTime: dates?.[0]?.startOf('minute').format(SERVER_TIME_FORMAT),
                endTime: dates?.[1]?.endOf('minute').format(SERVER_TIME_FORMAT),
              })
            }
            className="lt-device-range"
            aria-label="时间范围"
          />
        </search>
        {canOps && (
          <Space>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm('operation')}>
              新增运维记录
            </Button>
            <Button danger icon={<ExclamationCircleOutlined />} onClick={() => setForm('invalid')}>
              标记无效数据
            </Button>
          </Space>
        )}
      </div>
      <Table<OperationRow>
        aria-label="运维记录"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 1300 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : '暂无运维记录' }}
      />
      {form !== undefined && (
        <OpsForm
          mode={form}
          onClose={() => setForm(undefined)}
          onSaved={(row) => {
            void message.success(
              form === 'invalid' || row.validStatus === 'invalid'
                ? `已保存，${row.invalidatedValues} 个数值标记为无效`
                : '已保存运维记录',
            );
            setForm(undefined);
            void queryClient.invalidateQueries({ queryKey: deviceKeys.ops });
          }}
        />
      )}
    </>
  );
}

// --- 数据完整性 ---

const rangePresets = () => [
  {
    label: '最近 24 小时',
    value: [dayjs().subtract(24, 'hour').startOf('hour'), dayjs().startOf('hour')] as [Dayjs, Dayjs],
  },
  { label: '最近 7 天', value: [dayjs().subtract(7, 'day').startOf('day'), dayjs().startOf('hour')] as [Dayjs, Dayjs] },
  { label: '上月', value: [dayjs().subtract(1, 'month').startOf('month'), dayjs().startOf('month')] as [Dayjs, Dayjs] },
];

function Completeness() {
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [threshold, setThreshold] = useState(75);
  const body = {
    startTime: range?.[0].format(SERVER_TIME_FORMAT),
    endTime: range?.[1].format(SERVER_TIME_FORMAT),
    threshold: threshold / 100,
  };
  const report = useQuery({
    queryKey: deviceKeys.incomplete(body),
    queryFn: ({ signal }) => getIncompleteData(body, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<IncompleteRow> = [
    {
      title: '设备',
      dataIndex: 'name',
      key: 'name',
      render: (v: string, r) => <Link to={`/devices/${r.deviceId}`}>{v}</Link>,
    },
    {
      title: 'MN',
      dataIndex: 'mn',
      key: 'mn',
      width: 220,
      render: (v: string) => <span className="lt-mono">{v}</span>,
    },
    { title: '类型', dataIndex: 'typeName', key: 'type', width: 150 },
    { title: '区域', dataIndex: 'areaName', key: 'area', width: 110 },
    { title: '应有小时数据', dataIndex: 'expected', key: 'expected', width: 120, align: 'right' },
    { title: '有效小时数据', dataIndex: 'valid', key: 'valid', width: 120, align: 'right' },
    {
      title: '有效率',
      dataIndex: 'rate',
      key: 'rate',
      width: 200,
      sorter: (a, b) => a.rate - b.rate,
      defaultSortOrder: 'ascend',
      render: (rate: number) => (
        <Progress
          percent={percent(rate) ?? 0}
          size="small"
          status={rate * 100 < threshold ? 'exception' : 'normal'}
          format={(p) => `${p}%`}
        />
      ),
    },
  ];

  return (
    <>
      <div className="lt-device-toolbar">
        <search className="lt-filters" aria-label="数据完整性条件">
          <DatePicker.RangePicker
            showTime={{ format: 'HH:00' }}
            format="YYYY-MM-DD HH:00"
            value={range ?? (report.data ? [dayjs(report.data.startTime), dayjs(report.data.endTime)] : null)}
            presets={rangePresets()}
            onChange={(dates) =>
              setRange(dates?.[0] && dates[1] ? [dates[0].startOf('hour'), dates[1].startOf('hour')] : null)
            }
            className="lt-device-range"
            aria-label="统计时段"
          />
          <Space size={6}>
            <Typography.Text>有效率低于</Typography.Text>
            <InputNumber
              min={0}
              max={100}
              precision={0}
              value={threshold}
              onChange={(v) => setThreshold(v ?? 75)}
              suffix="%"
              className="lt-device-threshold"
              aria-label="有效率阈值（%）"
            />
          </Space>
          <Button icon={<ReloadOutlined />} loading={report.isFetching} onClick={() => void report.refetch()}>
            刷新
          </Button>
        </search>
        {report.data && (
          <Typography.Text type="secondary">
            {report.data.startTime} 至 {report.data.endTime}：{report.data.list.length} 台设备数据不完整
          </Typography.Text>
        )}
      </div>
      <Table<IncompleteRow>
        aria-label="数据不完整设备"
        rowKey="deviceId"
        size="middle"
        columns={columns}
        dataSource={report.data?.list}
        loading={report.isFetching && report.data === undefined}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => `共 ${n} 台` }}
        scroll={{ x: 1100 }}
        locale={{ emptyText: report.isError ? errorText(report.error) : '所选时段内各设备的数据都完整' }}
      />
    </>
  );
}

// --- 设备运行状态 ---

function DeviceStatus() {
  const [sitetype, setSitetype] = useState('net');
  const types = useDict('deviceType');
  const devices = useQuery({
    queryKey: deviceKeys.opsDevices(sitetype),
    queryFn: ({ signal }) => listOpsDevices(sitetype, signal),
    refetchInterval: 60_000,
  });
  const rows = devices.data ?? [];
  const count = (online: string) => rows.filter((r) => r.status !== 'retired' && r.online === online).length;

  const columns: TableColumnsType<OpsDeviceRow> = [
    {
      title: '设备',
      dataIndex: 'name',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name, 'zh-CN'),
      render: (v: string, r) => <Link to={`/devices/${r.deviceId}`}>{v}</Link>,
    },
    {
      title: 'MN',
      dataIndex: 'mn',
      key: 'mn',
      width: 220,
      render: (v: string) => <span className="lt-mono">{v}</span>,
    },
    { title: '类型', dataIndex: 'typeName', key: 'type', width: 150 },
    { title: '站点', dataIndex: 'siteName', key: 'site', width: 140 },
    { title: '区域', dataIndex: 'areaName', key: 'area', width: 110 },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag>,
    },
    {
      title: '在线',
      dataIndex: 'online',
      key: 'online',
      width: 90,
      filters: Object.entries(ONLINE_STATES).map(([value, text]) => ({ value, text })),
      onFilter: (value, r) => r.online === value,
      render: (_, r) => <Badge color={ONLINE_COLORS[r.online]} text={r.onlineName} />,
    },
    {
      title: '最后通信',
      dataIndex: 'lastSeen',
      key: 'lastSeen',
      width: 170,
      sorter: (a, b) => (a.lastSeen ?? '').localeCompare(b.lastSeen ?? ''),
      render: (v: string | null) => v ?? <span className="lt-muted">从未</span>,
    },
    {
      title: '近 24 小时捕获率',
      dataIndex: 'captureRate24h',
      key: 'capture',
      width: 180,
      sorter: (a, b) => (a.captureRate24h ?? -1) - (b.captureRate24h ?? -1),
      render: (rate: number | null) =>
        rate === null ? (
          <span className="lt-muted">—</span>
        ) : (
          <Progress
            percent={percent(rate) ?? 0}
            size="small"
            status={rate < 0.75 ? 'exception' : 'normal'}
            format={(p) => `${p}%`}
          />
        ),
    },
  ];

  return (
    <>
      <div className="lt-device-toolbar">
        <search className="lt-filters" aria-label="筛选设备运行状态">
          <Select
            value={sitetype}
            onChange={setSitetype}
            options={[{ value: 'net', label: '全部联网设备' }, ...dictOptions(types.data?.items)]}
            className="lt-device-type-filter"
            aria-label="设备类型"
          />
          <Button icon={<ReloadOutlined />} loading={devices.isFetching} onClick={() => void devices.refetch()}>
            刷新
          </Button>
        </search>
        <Space size="middle" aria-label="在线统计">
          <Badge color={ONLINE_COLORS.online} text={`在线 ${count('online')}`} />
          <Badge color={ONLINE_COLORS.offline} text={`离线 ${count('offline')}`} />
          <Badge color={ONLINE_COLORS.never} text={`未上线 ${count('never')}`} />
          <Typography.Text type="secondary">
            {sitetype === 'net' ? '' : `${dictLabel(types.data?.items, sitetype)} `}共 {rows.length} 台
          </Typography.Text>
        </Space>
      </div>
      <Table<OpsDeviceRow>
        aria-label="设备运行状态"
        rowKey="deviceId"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={devices.isFetching && devices.data === undefined}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: (n) => `共 ${n} 台` }}
        scroll={{ x: 1300 }}
        locale={{ emptyText: devices.isError ? errorText(devices.error) : '暂无设备' }}
      />
    </>
  );
}
