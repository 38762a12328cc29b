import { PlusOutlined } from '@ant-design/icons';
import type { OperatorRow } from '@lantian/contracts';
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
  TreeSelect,
} from 'antd';
import { useState } from 'react';
import { errorText, useApiError } from '../../shared/api';
import { orgTreeOptions, useOrgTree } from '../../shared/lookups/lookups';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { OperatorForm } from './OperatorForm';
import { disableOperator, enableOperator, listOperators, operatorKeys } from './operators.api';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import '../../shared/table/table.css';

const FILTERS = ['keyword', 'orgId', 'status'] as const;

/** 运营人员: search, filter by organisation (with its sub-organisations) and status; add, edit, disable, reset. */
export default function OperatorsPage() {
  const table = useUrlTable<OperatorRow>(FILTERS);
  const canEdit = useCan('system:operator:edit');
  const orgs = useOrgTree();
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OperatorRow | 'new' | undefined>(undefined);
  const [resetting, setResetting] = useState<OperatorRow | undefined>(undefined);

  const list = useQuery({
    queryKey: operatorKeys.list(table.params),
    queryFn: ({ signal }) => listOperators(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: operatorKeys.all });

  const toggle = useMutation({
    mutationFn: (row: OperatorRow) => (row.status === 'active' ? disableOperator(row.id) : enableOperator(row.id)),
    onSuccess: (row) => {
      void message.success(row.status === 'active' ? `已启用 ${row.name}` : `已停用 ${row.name}，其登录已失效`);
      void refresh();
    },
    onError: (error) => showError(error, '操作'),
  });

  const columns: TableColumnsType<OperatorRow> = [
    { title: '用户名', dataIndex: 'username', key: 'username', sorter: true, sortOrder: table.sortOrderOf('username') },
    { title: '姓名', dataIndex: 'name', key: 'name', sorter: true, sortOrder: table.sortOrderOf('name') },
    { title: '所属组织', key: 'org', render: (_, r) => `${r.org.name}（${r.org.areaName}）` },
    {
      title: '角色',
      key: 'roles',
      render: (_, r) =>
        r.roles.length === 0 ? (
          <span className="lt-muted">无</span>
        ) : (
          r.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>)
        ),
    },
    {
      title: '状态',
      key: 'status',
      render: (_, r) => (
        <Space size={4}>
          {r.status === 'active' ? <Tag color="success">启用</Tag> : <Tag color="default">停用</Tag>}
          {r.mustChangePassword && <Tag color="warning">待改密码</Tag>}
        </Space>
      ),
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      key: 'lastLoginAt',
      sorter: true,
      sortOrder: table.sortOrderOf('lastLoginAt'),
      render: (v: string | null) => v ?? <span className="lt-muted">从未登录</span>,
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: table.sortOrderOf('createdAt'),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, r: OperatorRow) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => setResetting(r)}>
                  重置密码
                </Button>
                <Popconfirm
                  title={r.status === 'active' ? `停用 ${r.name}？` : `启用 ${r.name}？`}
                  description={r.status === 'active' ? '停用后其所有登录立即失效。' : undefined}
                  okText={r.status === 'active' ? '停用' : '启用'}
                  onConfirm={() => toggle.mutate(r)}
                >
                  <Button type="link" size="small" danger={r.status === 'active'}>
                    {r.status === 'active' ? '停用' : '启用'}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const { filters } = table.query;
  return (
    <Card
      title="运营人员"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增
          </Button>
        )
      }
    >
      <search className="lt-filters" aria-label="筛选运营人员">
        <Input.Search
          allowClear
          placeholder="用户名或姓名"
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword })}
          className="lt-filter-keyword"
          aria-label="用户名或姓名"
        />
        <TreeSelect
          allowClear
          placeholder="所属组织（含下级）"
          value={filters.orgId}
          treeData={orgTreeOptions(orgs.data ?? [])}
          treeDefaultExpandAll
          onChange={(orgId?: string) => table.setFilters({ orgId })}
          className="lt-filter-select"
        />
        <Select
          allowClear
          placeholder="状态"
          value={filters.status}
          onChange={(status?: string) => table.setFilters({ status })}
          options={[
            { value: 'active', label: '启用' },
            { value: 'disabled', label: '停用' },
          ]}
          className="lt-filter-status"
          aria-label="状态"
        />
      </search>
      <Table<OperatorRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 960 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : '暂无运营人员' }}
      />
      {editing !== undefined && (
        <OperatorForm
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(row) => {
            void message.success(editing === 'new' ? `已新增 ${row.name}` : `已保存 ${row.name}`);
            setEditing(undefined);
            void refresh();
          }}
        />
      )}
      {resetting !== undefined && (
        <ResetPasswordDialog
          row={resetting}
          onClose={() => setResetting(undefined)}
          onDone={() => {
            void message.success(`已重置 ${resetting.name} 的密码`);
            setResetting(undefined);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
