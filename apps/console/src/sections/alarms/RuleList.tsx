import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Switch, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { AlarmLevelTag } from '../../shared/alarm/AlarmLevelTag';
import { errorText, useApiError } from '../../shared/api';
import { dictLabel, dictOptions, factorUnit, useDict } from '../../shared/lookups/dict';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { type AlarmRuleRow, alarmKeys, alarmRuleUpdateBody, deleteRule, listRules, updateRule } from './alarms.api';
import { RuleForm } from './RuleForm';
import { KIND_OPTIONS, ruleBody, ruleCondition } from './rules';

const FILTERS = ['kind', 'deviceType'] as const;

/** 告警规则: what raises alarms, per device type, device and factor; changed by holders of alarm:rule. */
export function RuleList() {
  const table = useUrlTable<AlarmRuleRow>(FILTERS);
  const canEdit = useCan('alarm:rule');
  const deviceTypes = useDict('deviceType');
  const factors = useDict('factor');
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AlarmRuleRow | 'new' | undefined>(undefined);

  const list = useQuery({
    queryKey: alarmKeys.ruleList(table.params),
    queryFn: ({ signal }) => listRules(table.params, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: alarmKeys.rules });

  const remove = useMutation({
    mutationFn: (row: AlarmRuleRow) => deleteRule(row.ruleId),
    onSuccess: (_data, row) => {
      void message.success(`已删除规则 ${row.name}`);
      void refresh();
    },
    onError: (error) => showError(error, '删除规则'),
  });

  const toggle = useMutation({
    mutationFn: (row: AlarmRuleRow) => {
      const parsed = alarmRuleUpdateBody.safeParse({
        ...ruleBody({ ...row, enabled: !row.enabled }),
        ruleId: row.ruleId,
      });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '规则不完整，请编辑后保存');
      return updateRule(parsed.data);
    },
    onSuccess: (row) => {
      void message.success(row.enabled ? `已启用规则 ${row.name}` : `已停用规则 ${row.name}`);
      void refresh();
    },
    onError: (error) => showError(error, '修改规则'),
  });

  const types = deviceTypes.data?.items;
  const factorItems = factors.data?.items;
  const columns: TableColumnsType<AlarmRuleRow> = [
    { title: '规则名称', dataIndex: 'name', key: 'name' },
    { title: '类型', dataIndex: 'kindName', key: 'kind', width: 120, render: (v: string) => <Tag>{v}</Tag> },
    {
      title: '适用设备',
      key: 'scope',
      render: (_, r) => (
        <>
          {r.deviceType === null ? '全部类型' : dictLabel(types, r.deviceType)}
          {r.deviceId !== null && <span className="lt-muted">（仅设备 #{r.deviceId}）</span>}
        </>
      ),
    },
    {
      title: '监测因子',
      dataIndex: 'factor',
      key: 'factor',
      render: (v: string | null) => (v === null ? <span className="lt-muted">—</span> : dictLabel(factorItems, v)),
    },
    { title: '条件', key: 'condition', render: (_, r) => ruleCondition(r, factorUnit(factorItems, r.factor)) },
    {
      title: '级别',
      dataIndex: 'level',
      key: 'level',
      width: 80,
      render: (level: number) => <AlarmLevelTag level={level} />,
    },
    {
      title: '启用',
      key: 'enabled',
      width: 80,
      render: (_, r) =>
        canEdit ? (
          <Switch
            size="small"
            checked={r.enabled}
            loading={toggle.isPending && toggle.variables?.ruleId === r.ruleId}
            onChange={() => toggle.mutate(r)}
            aria-label={`启用规则 ${r.name}`}
          />
        ) : r.enabled ? (
          <Tag color="success">启用</Tag>
        ) : (
          <Tag>停用</Tag>
        ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', key: 'updatedAt', width: 170 },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, r: AlarmRuleRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除规则「${r.name}」？`}
                  description="已产生的告警保留；此后不再按此规则告警。"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(r)}
                >
                  <Button type="link" size="small" danger>
                    删除
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
    <>
      <div className="lt-alarm-toolbar">
        <search className="lt-filters" aria-label="筛选告警规则">
          <Select
            allowClear
            placeholder="规则类型"
            value={filters.kind}
            onChange={(kind?: string) => table.setFilters({ kind })}
            options={KIND_OPTIONS}
            className="lt-filter-status"
            aria-label="规则类型"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="设备类型"
            value={filters.deviceType}
            onChange={(deviceType?: string) => table.setFilters({ deviceType })}
            options={dictOptions(types)}
            loading={deviceTypes.isPending}
            className="lt-filter-select"
            aria-label="设备类型"
          />
        </search>
        {canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增规则
          </Button>
        ) : (
          <Tooltip title="需要「配置告警规则」权限">
            <span className="lt-muted">只读</span>
          </Tooltip>
        )}
      </div>
      <Table<AlarmRuleRow>
        aria-label="告警规则列表"
        rowKey="ruleId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 1100 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : '暂无告警规则' }}
      />
      {editing !== undefined && (
        <RuleForm
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={(row) => {
            void message.success(editing === 'new' ? `已新增规则 ${row.name}` : `已保存规则 ${row.name}`);
            setEditing(undefined);
            void refresh();
          }}
        />
      )}
    </>
  );
}
