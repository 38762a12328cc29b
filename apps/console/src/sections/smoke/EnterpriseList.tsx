import { OPERATE_STATUSES, TRADE_TYPES } from '@lantian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { ConfirmLink } from '../../shared/table/ConfirmLink';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { EnterpriseForm } from './EnterpriseForm';
import { type Enterprise, listEnterprises, setEnterpriseEnabled, smokeKeys } from './smoke.api';

const FILTERS = ['keyword', 'scale', 'operateStatus', 'tradeType', 'enabled'] as const;
const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

/** 企业名录: the register, paged on the server with filters in the address; 登记, 编辑, 停用/启用 (audited). */
export function EnterpriseList() {
  const table = useUrlTable<Enterprise>(FILTERS);
  const { filters } = table.query;
  const canEdit = useCan('smoke:edit');
  const client = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<Enterprise | 'new' | null>(null);
  const list = useQuery({
    queryKey: smokeKeys.enterprises(table.params),
    queryFn: ({ signal }) => listEnterprises(table.params, signal),
  });
  const columns: ColumnsType<Enterprise> = [
    { title: '企业名称', dataIndex: 'name', key: 'name' },
    { title: '统一社会信用代码', dataIndex: 'creditCode', key: 'creditCode', className: 'lt-mono' },
    { title: '区域', dataIndex: 'areaName', key: 'areaName' },
    { title: '行业', dataIndex: 'tradeTypeName', key: 'tradeTypeName' },
    {
      title: '规模',
      key: 'scale',
      render: (_v, r) => (r.scaleName === null ? '—' : `${r.scaleName}（${r.ranges} 灶）`),
    },
    {
      title: '净化效率',
      key: 'efficiency',
      render: (_v, r) =>
        r.purifierEfficiency === null ? (
          '—'
        ) : (
          <Tag color={r.efficiencyOk === false ? 'red' : 'green'}>{r.purifierEfficiency}%</Tag>
        ),
    },
    { title: '监测仪', key: 'deviceCode', render: (_v, r) => r.deviceCode ?? <Tag>未安装</Tag> },
    { title: '经营状态', dataIndex: 'operateStatusName', key: 'operateStatusName' },
    {
      title: '启用',
      key: 'enabled',
      render: (_v, r) => (r.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_v: unknown, r: Enterprise) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(r)} aria-label={`编辑 ${r.name}`}>
                  编辑
                </Button>
                <ConfirmLink
                  title={r.enabled ? `停用 ${r.name}？停用后不再列入油烟监测。` : `启用 ${r.name}？`}
                  label={r.enabled ? '停用' : '启用'}
                  danger={r.enabled}
                  action={() => setEnterpriseEnabled(r.enterpriseId, !r.enabled)}
                  refresh={smokeKeys.all}
                  done={`${r.enabled ? '已停用' : '已启用'} ${r.name}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <div className="lt-device-toolbar">
        <search className="lt-filters" aria-label="筛选企业">
          <Input.Search
            allowClear
            placeholder="名称、信用代码或地址"
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ keyword: keyword === '' ? undefined : keyword })}
            className="lt-filter-select"
            aria-label="搜索企业"
          />
          <Select
            allowClear
            placeholder="全部规模"
            value={filters.scale}
            onChange={(scale?: string) => table.setFilters({ scale })}
            options={[
              { value: 'small', label: '小型' },
              { value: 'medium', label: '中型' },
              { value: 'large', label: '大型' },
            ]}
            className="lt-filter-select"
            aria-label="规模"
          />
          <Select
            allowClear
            placeholder="全部行业"
            value={filters.tradeType}
            onChange={(tradeType?: string) => table.setFilters({ tradeType })}
            options={options(TRADE_TYPES)}
            className="lt-filter-select"
            aria-label="行业"
          />
          <Select
            allowClear
            placeholder="全部经营状态"
            value={filters.operateStatus}
            onChange={(operateStatus?: string) => table.setFilters({ operateStatus })}
            options={options(OPERATE_STATUSES)}
            className="lt-filter-select"
            aria-label="经营状态"
          />
        </search>
        {canEdit && (
          <Button type="primary" onClick={() => setEditing('new')}>
            登记企业
          </Button>
        )}
      </div>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} className="lt-form-alert" />}
      <Table
        rowKey="enterpriseId"
        aria-label="企业名录"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 'max-content' }}
      />
      {editing !== null && (
        <EnterpriseForm
          {...(editing === 'new' ? {} : { editing })}
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            void message.success(editing === 'new' ? `已登记 ${row.name}` : `已保存 ${row.name}`);
            setEditing(null);
            void client.invalidateQueries({ queryKey: smokeKeys.all });
          }}
        />
      )}
    </>
  );
}
