import { PlusOutlined } from '@ant-design/icons';
import { DEVICE_STATUSES, type DeviceRow, ONLINE_STATES } from '@lantian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Input, Select, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { AreaCascader } from '../../shared/lookups/AreaCascader';
import { dictOptions, useDict } from '../../shared/lookups/dict';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { DeviceForm } from './DeviceForm';
import { ONLINE_COLORS, STATUS_COLORS } from './device-states';
import { deviceKeys, listDevices } from './devices.api';
import { RetireDialog } from './RetireDialog';

const FILTERS = ['keyword', 'type', 'status', 'online', 'areaCode', 'siteId'] as const;
const STATUS_OPTIONS = Object.entries(DEVICE_STATUSES).map(([value, label]) => ({ value, label }));
const ONLINE_OPTIONS = Object.entries(ONLINE_STATES).map(([value, label]) => ({ value, label }));

/** 设备列表: server-paged and sorted, filters in the address; 新增设备, 编辑 and 退役 with device:edit. */
export function DeviceList() {
  const table = useUrlTable<DeviceRow>(FILTERS);
  const canEdit = useCan('device:edit');
  const types = useDict('deviceType');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DeviceRow | 'new' | undefined>(undefined);
  const [retiring, setRetiring] = useState<DeviceRow | undefined>(undefined);

  const list = useQuery({
    queryKey: deviceKeys.list(table.params),
    queryFn: ({ signal }) => listDevices(table.params, signal),
    placeholderData: keepPreviousData,
    // Online states and last data times move on their own.
    refetchInterval: 30_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: deviceKeys.all });

  const columns: TableColumnsType<DeviceRow> = [
    {
      title: 'MN',
      dataIndex: 'mn',
      key: 'mn',
      width: 210,
      sorter: true,
      sortOrder: table.sortOrderOf('mn'),
      render: (mn: string) => <span className="lt-mono lt-device-mn">{mn}</span>,
    },
    {
      title: '名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: table.sortOrderOf('name'),
      width: 160,
      render: (name: string, r) => <Link to={`/devices/${r.deviceId}`}>{name}</Link>,
    },
    { title: '类型', dataIndex: 'typeName', key: 'type', width: 140, ellipsis: true },
    { title: '站点', dataIndex: 'siteName', key: 'site', width: 130, ellipsis: true },
    { title: '区域', dataIndex: 'areaName', key: 'area', width: 90 },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 72,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag>,
    },
    {
      title: '在线',
      dataIndex: 'online',
      key: 'online',
      width: 84,
      render: (_, r) => <Badge color={ONLINE_COLORS[r.online]} text={r.onlineName} />,
    },
    {
      title: '最后数据时间',
      key: 'lastSeen',
      width: 168,
      sorter: true,
      sortOrder: table.sortOrderOf('lastSeen'),
      render: (_, r) =>
        r.lastDataTime === null && r.lastSeen === null ? (
          <span className="lt-muted">从未上报</span>
        ) : (
          <Tooltip title={`最后通信：${r.lastSeen ?? '—'}`}>
            {r.lastDataTime ?? <span className="lt-muted">无数据</span>}
          </Tooltip>
        ),
    },
    {
      title: '未解除告警',
      dataIndex: 'activeAlarms',
      key: 'activeAlarms',
      width: 96,
      align: 'center',
      render: (n: number, r) =>
        n === 0 ? (
          <span className="lt-muted">0</span>
        ) : (
          <Link to={`/alarms?deviceId=${r.deviceId}`} aria-label={`${r.name} 的 ${n} 条未解除告警`}>
            <Badge count={n} overflowCount={99} />
          </Link>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: canEdit ? 160 : 70,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Link to={`/devices/${r.deviceId}`} className="lt-device-action">
            详情
          </Link>
          {canEdit && r.status !== 'retired' && (
            <>
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
              <Button type="link" size="small" danger onClick={() => setRetiring(r)}>
                退役
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  const { filters } = table.query;
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <div className="lt-device-toolbar">
        <search className="lt-filters" aria-label="筛选设备">
          <Input.Search
            allowClear
            placeholder="MN、设备名称或站点名称"
            defaultValue={filters.keyword}
            key={filters.keyword ?? ''}
            onSearch={(keyword) => table.setFilters({ keyword })}
            className="lt-filter-keyword"
            aria-label="MN、设备名称或站点名称"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="设备类型"
            value={filters.type}
            onChange={(type?: string) => table.setFilters({ type })}
            options={dictOptions(types.data?.items)}
            loading={types.isPending}
            className="lt-device-type-filter"
            aria-label="设备类型"
          />
          <Select
            allowClear
            placeholder="状态"
            value={filters.status}
            onChange={(status?: string) => table.setFilters({ status })}
            options={STATUS_OPTIONS}
            className="lt-filter-status"
            aria-label="状态"
          />
          <Select
            allowClear
            placeholder="在线"
            value={filters.online}
            onChange={(online?: string) => table.setFilters({ online })}
            options={ONLINE_OPTIONS}
            className="lt-filter-status"
            aria-label="在线状态"
          />
          <AreaCascader
            value={filters.areaCode}
            onChange={(areaCode) => table.setFilters({ areaCode })}
            placeholder="区域（含下级）"
            className="lt-filter-select"
            aria-label="区域"
          />
          {filters.siteId !== undefined && (
            <Tag closable onClose={() => table.setFilters({ siteId: undefined })} className="lt-device-tag-filter">
              仅站点 #{filters.siteId}
            </Tag>
          )}
          {filtered && (
            <Button onClick={() => table.setFilters(Object.fromEntries(FILTERS.map((n) => [n, undefined] as const)))}>
              清除筛选
            </Button>
          )}
        </search>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增设备
          </Button>
        )}
      </div>
      <Table<DeviceRow>
        aria-label="设备列表"
        rowKey="deviceId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        rowClassName={(r) => (r.status === 'retired' ? 'lt-device-row-retired' : '')}
        scroll={{ x: 1300 }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : filtered ? (
            '没有符合条件的设备'
          ) : (
            <Typography.Text type="secondary">暂无设备{canEdit ? '，点击右上角「新增设备」登记' : ''}</Typography.Text>
          ),
        }}
      />
      {editing !== undefined && (
        <DeviceForm
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(row) => {
            void message.success(editing === 'new' ? `已登记设备 ${row.name}` : `已保存设备 ${row.name}`);
            setEditing(undefined);
            void refresh();
          }}
        />
      )}
      {retiring !== undefined && (
        <RetireDialog
          device={retiring}
          onClose={() => setRetiring(undefined)}
          onDone={(row) => {
            void message.success(`已退役设备 ${row.name}`);
            setRetiring(undefined);
            void refresh();
          }}
        />
      )}
    </>
  );
}
