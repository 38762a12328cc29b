import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { errorText, useApiError } from '../../shared/api';
import { lookupKeys, useOrgTree } from '../../shared/lookups/lookups';
import { useCan } from '../../shared/session/session-context';
import { OrgForm, type OrgTarget } from './OrgForm';
import { deleteBlocker, filterOrgs, type OrgRow, orgRows, parentKeys, totals } from './org-tree';
import { deleteOrg, getAreaTree, orgKeys } from './orgs.api';
import '../../shared/table/table.css';

/**
 * 组织机构: the organisation tree within the operator's area, each organisation bound to the
 * administrative area that is its operators' data scope; add sub-organisations, rename, re-area, delete.
 */
export default function OrgsPage() {
  const canEdit = useCan('system:org:edit');
  // The area list comes with the grid tree's call, which needs this permission (see orgs.api.ts).
  const tree = useOrgTree();
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  /** Rows the operator opened; undefined until they fold or unfold one (the whole tree opens at first). */
  const [expanded, setExpanded] = useState<readonly string[] | undefined>(undefined);
  const [target, setTarget] = useState<OrgTarget | undefined>(undefined);

  const areas = useQuery({
    queryKey: orgKeys.areaTree,
    queryFn: ({ signal }) => getAreaTree(signal),
    enabled: canEdit,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const rows = useMemo(() => orgRows(tree.data ?? []), [tree.data]);
  const shown = useMemo(() => filterOrgs(rows, keyword), [rows, keyword]);
  const count = useMemo(() => totals(rows), [rows]);
  const searching = keyword.trim() !== '';
  // While searching every match is shown unfolded; otherwise the operator's folding stands.
  const expandedKeys = searching || expanded === undefined ? parentKeys(shown) : expanded;

  // The organisation tree is the shared lookup: refreshing it refreshes every screen that picks from it.
  const refresh = () => queryClient.invalidateQueries({ queryKey: lookupKeys.orgTree });

  const remove = useMutation({
    mutationFn: (row: OrgRow) => deleteOrg(row.id),
    onSuccess: (_data, row) => {
      void message.success(`已删除组织 ${row.name}`);
      void refresh();
    },
    onError: (error) => showError(error, '删除组织'),
  });

  const columns: TableColumnsType<OrgRow> = [
    {
      title: '组织名称',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, r) => (
        <Space size={4}>
          <span>{name}</span>
          {r.parentId === null && <Tag color="blue">根组织</Tag>}
        </Space>
      ),
    },
    {
      title: '行政区划',
      key: 'area',
      width: 240,
      render: (_, r) => (
        <span>
          {r.areaName} <span className="lt-muted">{r.areaCode}</span>
        </span>
      ),
    },
    { title: '人员数', dataIndex: 'operatorCount', key: 'operatorCount', width: 90, align: 'right' },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 220,
            render: (_: unknown, r: OrgRow) => {
              const blocker = deleteBlocker(r);
              return (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setTarget({ kind: 'add', parent: r })}>
                    新增下级
                  </Button>
                  <Button type="link" size="small" onClick={() => setTarget({ kind: 'edit', org: r })}>
                    编辑
                  </Button>
                  {blocker === undefined ? (
                    <Popconfirm
                      title={`删除组织 ${r.name}？`}
                      description="删除后不可恢复。"
                      okText="删除"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(r).catch(() => undefined)}
                    >
                      <Button type="link" size="small" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Tooltip title={blocker}>
                      <Button type="link" size="small" danger disabled>
                        删除
                      </Button>
                    </Tooltip>
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Card
      title="组织机构"
      extra={
        tree.data !== undefined && (
          <span className="lt-muted">
            共 {count.orgs} 个组织，{count.operators} 位运营人员
          </span>
        )
      }
    >
      {canEdit && areas.isError && (
        <Alert
          type="warning"
          showIcon
          className="lt-form-alert"
          title={`行政区划列表加载失败：${errorText(areas.error)}。新增或修改组织时请直接输入 6 位区划代码。`}
        />
      )}
      <search className="lt-filters" aria-label="筛选组织">
        <Input.Search
          allowClear
          placeholder="组织名称、区划名称或代码"
          onSearch={setKeyword}
          onChange={(e) => {
            if (e.target.value === '') setKeyword('');
          }}
          className="lt-filter-keyword"
          aria-label="组织名称、区划名称或代码"
        />
        <Space size={0}>
          <Button type="link" disabled={searching} onClick={() => setExpanded(undefined)}>
            全部展开
          </Button>
          <Button type="link" disabled={searching} onClick={() => setExpanded([])}>
            全部收起
          </Button>
        </Space>
      </search>
      <Table<OrgRow>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={tree.isFetching}
        pagination={false}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => {
            if (!searching) setExpanded(keys.map(String));
          },
        }}
        scroll={{ x: 720 }}
        locale={{
          emptyText: tree.isError ? errorText(tree.error) : searching ? '没有匹配的组织' : '暂无组织',
        }}
      />
      {target !== undefined && (
        <OrgForm
          target={target}
          areaTree={areas.data}
          areaTreeLoading={areas.isPending}
          onClose={() => setTarget(undefined)}
          onSaved={(node) => {
            void message.success(target.kind === 'add' ? `已新增组织 ${node.name}` : `已保存组织 ${node.name}`);
            // Show the new organisation where it went, even if its parent was folded.
            if (target.kind === 'add' && expanded !== undefined) setExpanded([...expanded, target.parent.id]);
            setTarget(undefined);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
