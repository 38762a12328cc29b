import { PlusOutlined } from '@ant-design/icons';
import type { RoleRow } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, useApiError } from '../../shared/api';
import { lookupKeys } from '../../shared/lookups/lookups';
import { useCan, useSession } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { type Catalog, outOfReach, summarise } from './permission-tree';
import { RoleForm } from './RoleForm';
import { deleteRole, getPermissionCatalog, listRoles, roleKeys } from './roles.api';
import '../../shared/table/table.css';
import './roles.css';

const FILTERS = ['keyword'] as const;
const NO_CATALOG: Catalog = { platforms: [], permissions: [] };

type Opened = { role?: RoleRow; readOnly: boolean; reason?: string };

/** 角色权限: search roles; add, edit and delete them, their permissions ticked in a tree grouped by platform. */
export default function RolesPage() {
  const table = useUrlTable<RoleRow>(FILTERS);
  const canEdit = useCan('system:role:edit');
  const { operator } = useSession();
  const grantable = useMemo(() => new Set(operator.permissions), [operator.permissions]);
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<Opened | undefined>(undefined);

  const list = useQuery({
    queryKey: roleKeys.list(table.params),
    queryFn: ({ signal }) => listRoles(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const catalogQuery = useQuery({
    queryKey: roleKeys.catalog,
    queryFn: ({ signal }) => getPermissionCatalog(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const catalog = catalogQuery.data ?? NO_CATALOG;

  // Other screens pick roles from the shared lookup (the operator form): refresh it with the list.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.roles }),
    ]);

  const remove = useMutation({
    mutationFn: (row: RoleRow) => deleteRole(row.id),
    onSuccess: (_data, row) => {
      void message.success(`已删除角色 ${row.name}`);
      void refresh();
    },
    onError: (error) => showError(error, '删除角色'),
  });

  /** Why this editor may not change a role, or undefined when they may. */
  const lockedReason = (r: RoleRow): string | undefined => {
    if (r.builtin) return '内置角色拥有全部权限，不能修改或删除。';
    const missing = outOfReach(r.permissions, grantable, catalog);
    if (missing.length > 0) return `该角色含有您没有的权限（${missing.map((p) => p.name).join('、')}），不能由您修改。`;
    return undefined;
  };

  const columns: TableColumnsType<RoleRow> = [
    {
      title: '角色名称',
      dataIndex: 'name',
      key: 'name',
      width: 200,
      render: (name: string, r) => (
        <Space size={4}>
          <span>{name}</span>
          {r.builtin && <Tag color="gold">内置</Tag>}
        </Space>
      ),
    },
    {
      title: '说明',
      dataIndex: 'description',
      key: 'description',
      ellipsis: { showTitle: true },
      render: (v: string) => (v === '' ? <span className="lt-muted">—</span> : v),
    },
    {
      title: '权限',
      key: 'permissions',
      render: (_, r) => {
        if (r.builtin) return <Tag color="gold">全部权限</Tag>;
        const groups = summarise(r.permissions, catalog);
        if (groups.length === 0) return <span className="lt-muted">{catalogQuery.isPending ? '…' : '未授权'}</span>;
        return (
          <Space size={[4, 4]} wrap>
            {groups.map((g) => (
              <Tooltip key={g.code} title={g.names.join('、')}>
                <Tag>
                  {g.name}
                  {g.count < g.total && <span className="lt-muted"> {`${g.count}/${g.total}`}</span>}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        );
      },
    },
    { title: '使用人数', dataIndex: 'operatorCount', key: 'operatorCount', width: 100, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', key: 'updatedAt', width: 180 },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_: unknown, r: RoleRow) => {
        const reason = canEdit ? lockedReason(r) : undefined;
        if (!canEdit || reason !== undefined) {
          return (
            <Button type="link" size="small" onClick={() => setOpened({ role: r, readOnly: true, reason })}>
              查看
            </Button>
          );
        }
        const inUse = r.operatorCount > 0;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setOpened({ role: r, readOnly: false })}>
              编辑
            </Button>
            {inUse ? (
              <Tooltip title={`仍有 ${r.operatorCount} 位运营人员使用该角色，请先调整他们的角色`}>
                <Button type="link" size="small" danger disabled>
                  删除
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={`删除角色 ${r.name}？`}
                description="删除后不可恢复。"
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(r).catch(() => undefined)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  const { filters } = table.query;
  return (
    <Card
      title="角色权限"
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={catalogQuery.data === undefined}
            onClick={() => setOpened({ readOnly: false })}
          >
            新增
          </Button>
        )
      }
    >
      <search className="lt-filters" aria-label="筛选角色">
        <Input.Search
          allowClear
          placeholder="角色名称"
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          className="lt-filter-keyword"
          aria-label="角色名称"
        />
      </search>
      {catalogQuery.isError && (
        <Alert
          type="warning"
          showIcon
          className="lt-form-alert"
          title={`权限目录加载失败：${errorText(catalogQuery.error)}。权限一列与新增、编辑暂不可用，请刷新页面重试。`}
        />
      )}
      <Table<RoleRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 960 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : '暂无角色' }}
      />
      {opened !== undefined && catalogQuery.data !== undefined && (
        <RoleForm
          role={opened.role}
          readOnly={opened.readOnly}
          readOnlyReason={opened.reason}
          catalog={catalogQuery.data}
          grantable={grantable}
          onClose={() => setOpened(undefined)}
          onSaved={(row) => {
            void message.success(opened.role === undefined ? `已新增角色 ${row.name}` : `已保存角色 ${row.name}`);
            setOpened(undefined);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
