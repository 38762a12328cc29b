import { PlusOutlined } from '@ant-design/icons';
import type { OpenAppCredentials, OpenAppRow } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText, useApiError } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { CredentialsDialog } from './CredentialsDialog';
import { OpenAppForm } from './OpenAppForm';
import { APP_STATES, apiName, appState } from './open-apps';
import { listOpenApps, openAppKeys, resetOpenAppSecret, revokeOpenApp } from './open-apps.api';
import { UsageHelp } from './UsageHelp';
import '../../shared/table/table.css';
import './open-apps.css';

type SortOrder = 'ascend' | 'descend';

const FILTERS = ['keyword', 'status'] as const;
/** The server's order when the address names none: newest registration first. */
const DEFAULT_SORT = 'createdAt';

/** 开放接口: the third-party applications of the open API; register, change, revoke, reset the secret. */
export default function OpenAppsPage() {
  const table = useUrlTable<OpenAppRow>(FILTERS, { defaultSortBy: DEFAULT_SORT });
  const canEdit = useCan('system:openapi:edit');
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OpenAppRow | 'new' | undefined>(undefined);
  const [shown, setShown] = useState<{ credentials: OpenAppCredentials; kind: 'created' | 'reset' } | undefined>(
    undefined,
  );

  const list = useQuery({
    queryKey: openAppKeys.list(table.params),
    queryFn: ({ signal }) => listOpenApps(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: openAppKeys.all });

  const revoke = useMutation({
    mutationFn: (row: OpenAppRow) => revokeOpenApp(row.id),
    onSuccess: (row) => {
      void message.success(`已停用 ${row.name}，其令牌已失效`);
      void refresh();
    },
    onError: (error) => showError(error, '停用应用'),
  });
  const reset = useMutation({
    mutationFn: (row: OpenAppRow) => resetOpenAppSecret(row.id),
    onSuccess: (credentials) => {
      setShown({ credentials, kind: 'reset' });
      void refresh();
    },
    onError: (error) => showError(error, '重置密钥'),
  });

  const sorted = (key: string, first: SortOrder = 'descend') => {
    const second: SortOrder = first === 'ascend' ? 'descend' : 'ascend';
    return {
      sorter: true,
      sortOrder: table.sortOrderOf(key),
      // Never back to "unsorted": that is the server's default order, which its column already shows.
      sortDirections: [first, second, first] satisfies SortOrder[],
    };
  };

  const columns: TableColumnsType<OpenAppRow> = [
    {
      title: '应用名称',
      dataIndex: 'name',
      key: 'name',
      ...sorted('name', 'ascend'),
      render: (_, r) => (
        <>
          {r.name}
          <Typography.Text type="secondary" className="lt-openapp-sub">
            {r.areaName} · {r.createdBy}
          </Typography.Text>
        </>
      ),
    },
    {
      title: 'appKey',
      dataIndex: 'appKey',
      key: 'appKey',
      render: (v: string) => (
        <Typography.Text className="lt-openapp-key" copyable={{ tooltips: ['复制 appKey', '已复制'] }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: '可调用接口',
      key: 'apis',
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.apis.map((code) => (
            <Tag key={code} color="blue">
              {apiName(code)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '限额',
      dataIndex: 'rateLimitPerMinute',
      key: 'rateLimitPerMinute',
      align: 'right',
      render: (v: number) => `${v.toLocaleString('zh-CN')} 次/分钟`,
    },
    {
      title: '状态',
      key: 'status',
      render: (_, r) => {
        const state = APP_STATES[appState(r)];
        return <Tag color={state.color}>{state.label}</Tag>;
      },
    },
    {
      title: '到期时间',
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      ...sorted('expiresAt'),
      render: (v: string | null, r) =>
        v === null ? (
          <span className="lt-muted">长期有效</span>
        ) : (
          <Typography.Text type={r.expired && r.status === 'active' ? 'warning' : undefined}>{v}</Typography.Text>
        ),
    },
    {
      title: '最近调用',
      dataIndex: 'lastUsedAt',
      key: 'lastUsedAt',
      ...sorted('lastUsedAt'),
      render: (v: string | null) => v ?? <span className="lt-muted">从未调用</span>,
    },
    { title: '登记时间', dataIndex: 'createdAt', key: 'createdAt', ...sorted('createdAt') },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, r: OpenAppRow) =>
              r.status === 'revoked' ? (
                <span className="lt-muted">不可操作</span>
              ) : (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`重置 ${r.name} 的密钥？`}
                    description="原密钥与已签发的令牌立即失效，调用方须换用新密钥。"
                    okText="重置"
                    onConfirm={() => reset.mutateAsync(r).catch(() => undefined)}
                  >
                    <Button type="link" size="small">
                      重置密钥
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={`停用 ${r.name}？`}
                    description="停用后其令牌立即失效，且不能再获取令牌。此操作不可恢复。"
                    okText="停用"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => revoke.mutateAsync(r).catch(() => undefined)}
                  >
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]
      : []),
  ];

  const { filters } = table.query;
  const filtered = filters.keyword !== undefined || filters.status !== undefined;
  return (
    <>
      <UsageHelp />
      <Card
        title="开放接口应用"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              登记应用
            </Button>
          )
        }
      >
        <search className="lt-filters" aria-label="筛选开放接口应用">
          <Input.Search
            allowClear
            placeholder="应用名称或 appKey"
            defaultValue={filters.keyword}
            onSearch={(keyword) => table.setFilters({ keyword })}
            className="lt-filter-keyword"
            aria-label="应用名称或 appKey"
          />
          <Select
            allowClear
            placeholder="状态"
            value={filters.status}
            onChange={(status?: string) => table.setFilters({ status })}
            options={[
              { value: 'active', label: '有效（含已到期）' },
              { value: 'revoked', label: '已停用' },
            ]}
            className="lt-filter-select"
            aria-label="状态"
          />
        </search>
        <Table<OpenAppRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching}
          pagination={table.pagination(list.data?.total ?? 0)}
          onChange={table.onChange}
          scroll={{ x: 1400 }}
          locale={{
            emptyText: list.isError
              ? errorText(list.error)
              : filtered
                ? '没有符合条件的应用'
                : '还没有登记开放接口应用',
          }}
        />
      </Card>
      {editing !== undefined && (
        <OpenAppForm
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onCreated={(credentials) => {
            setEditing(undefined);
            setShown({ credentials, kind: 'created' });
            void refresh();
          }}
          onUpdated={(row) => {
            void message.success(`已保存 ${row.name}`);
            setEditing(undefined);
            void refresh();
          }}
        />
      )}
      {shown !== undefined && (
        <CredentialsDialog credentials={shown.credentials} kind={shown.kind} onClose={() => setShown(undefined)} />
      )}
    </>
  );
}
