import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { AreaCascader } from '../../shared/lookups/AreaCascader';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { deviceKeys, listSites, type SiteRow } from './devices.api';
import { SiteForm } from './SiteForm';

const FILTERS = ['keyword', 'areaCode'] as const;

/** 站点: where devices stand (area, position); add and edit with device:edit. `?create=1` opens the add form. */
export function SiteList() {
  const table = useUrlTable<SiteRow>(FILTERS);
  const canEdit = useCan('device:edit');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<SiteRow | 'new' | undefined>(undefined);

  // 新建站点 from the device form arrives here with ?create=1.
  useEffect(() => {
    if (params.get('create') !== '1') return;
    if (canEdit) setEditing('new');
    const next = new URLSearchParams(params);
    next.delete('create');
    setParams(next, { replace: true });
  }, [params, setParams, canEdit]);

  const list = useQuery({
    queryKey: deviceKeys.siteList(table.params),
    queryFn: ({ signal }) => listSites(table.params, signal),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<SiteRow> = [
    {
      title: '站点编码',
      dataIndex: 'siteCode',
      key: 'siteCode',
      width: 160,
      render: (v: string) => <span className="lt-mono">{v}</span>,
    },
    { title: '站点名称', dataIndex: 'name', key: 'name' },
    { title: '区域', dataIndex: 'areaName', key: 'area', width: 120 },
    {
      title: '经纬度',
      key: 'pos',
      width: 200,
      render: (_, r) => <span className="lt-mono">{`${r.lon.toFixed(6)}, ${r.lat.toFixed(6)}`}</span>,
    },
    {
      title: '地址',
      dataIndex: 'address',
      key: 'address',
      ellipsis: true,
      render: (v: string) => v || <span className="lt-muted">—</span>,
    },
    {
      title: '设备数',
      dataIndex: 'deviceCount',
      key: 'deviceCount',
      width: 90,
      align: 'right',
      render: (n: number, r) =>
        n === 0 ? <span className="lt-muted">0</span> : <Link to={`/devices?siteId=${r.siteId}`}>{n}</Link>,
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_: unknown, r: SiteRow) => (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];

  const { filters } = table.query;
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <div className="lt-device-toolbar">
        <search className="lt-filters" aria-label="筛选站点">
          <Input.Search
            allowClear
            placeholder="站点名称或编码"
            defaultValue={filters.keyword}
            key={filters.keyword ?? ''}
            onSearch={(keyword) => table.setFilters({ keyword })}
            className="lt-filter-keyword"
            aria-label="站点名称或编码"
          />
          <AreaCascader
            value={filters.areaCode}
            onChange={(areaCode) => table.setFilters({ areaCode })}
            placeholder="区域（含下级）"
            className="lt-filter-select"
            aria-label="区域"
          />
        </search>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增站点
          </Button>
        )}
      </div>
      <Table<SiteRow>
        aria-label="站点列表"
        rowKey="siteId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 1000 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的站点' : '暂无站点' }}
      />
      {editing !== undefined && (
        <SiteForm
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(row) => {
            void message.success(editing === 'new' ? `已新增站点 ${row.name}` : `已保存站点 ${row.name}`);
            setEditing(undefined);
            void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
          }}
        />
      )}
    </>
  );
}
