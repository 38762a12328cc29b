import type { ApprovalRow } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import {
  APPROVAL_FILTERS,
  APPROVAL_STATUS_COLORS,
  APPROVAL_STATUS_OPTIONS,
  approvalIdOf,
  approvalParams,
  consolePath,
  type Decision,
  decisionProblem,
} from './approval-view';
import { approvalKeys, decideApproval, getApproval, listApprovals } from './approvals.api';
import '../../shared/table/table.css';
import './approvals.css';

const none = <span className="lt-muted">—</span>;

/**
 * 审批中心: the area's approvals, pending first (a handled grid event waiting for its review); each
 * opens with a link to its event, and a pending one is approved (审核通过) or rejected with a reason
 * (审核不通过, the event goes back to its handler).
 */
export default function ApprovalsSection() {
  const table = useUrlTable<ApprovalRow>(APPROVAL_FILTERS);
  const params = approvalParams(table.params);
  const list = useQuery({
    queryKey: approvalKeys.list(params),
    queryFn: ({ signal }) => listApprovals(params, signal),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const openId = approvalIdOf(search.get('approvalId'));
  const setOpenId = (id: string | undefined) => {
    const next = new URLSearchParams(search);
    if (id === undefined) next.delete('approvalId');
    else next.set('approvalId', id);
    setSearch(next, { replace: id === undefined });
  };
  const [deciding, setDeciding] = useState<{ approval: ApprovalRow; decision: Decision } | undefined>(undefined);
  const { filters } = table.query;

  const columns: TableColumnsType<ApprovalRow> = [
    {
      title: '审批事项',
      key: 'title',
      render: (_, r) => (
        <>
          <Typography.Link onClick={() => setOpenId(r.approvalId)}>{r.title}</Typography.Link>
          <Typography.Text type="secondary" className="lt-approval-sub" ellipsis={{ tooltip: r.summary }}>
            {r.summary}
          </Typography.Text>
        </>
      ),
    },
    { title: '类型', dataIndex: 'kindName', key: 'kind', width: 120 },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => <Tag color={APPROVAL_STATUS_COLORS[r.status]}>{r.statusName}</Tag>,
    },
    {
      title: '申请',
      key: 'requested',
      width: 180,
      render: (_, r) => (
        <>
          {r.requestedAt}
          <Typography.Text type="secondary" className="lt-approval-sub">
            {r.requestedBy ?? '系统'}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '审批',
      key: 'decided',
      width: 180,
      render: (_, r) =>
        r.decidedAt === null ? (
          none
        ) : (
          <>
            {r.decidedAt}
            <Typography.Text type="secondary" className="lt-approval-sub">
              {r.decidedBy ?? ''}
            </Typography.Text>
          </>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenId(r.approvalId)}>
            详情
          </Button>
          {r.status === 'pending' && (
            <>
              <Button type="link" size="small" onClick={() => setDeciding({ approval: r, decision: 'approve' })}>
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => setDeciding({ approval: r, decision: 'reject' })}>
                驳回
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title="审批中心">
      <search className="lt-filters" aria-label="筛选审批">
        <Select
          allowClear
          placeholder="状态"
          value={filters.status}
          onChange={(status?: string) => table.setFilters({ status })}
          options={APPROVAL_STATUS_OPTIONS}
          className="lt-filter-status"
          aria-label="状态"
        />
      </search>
      <Table<ApprovalRow>
        aria-label="审批列表"
        rowKey="approvalId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 1000 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : '暂无审批' }}
      />
      {openId !== undefined && (
        <ApprovalDetail
          approvalId={openId}
          onClose={() => setOpenId(undefined)}
          onDecide={(approval, decision) => setDeciding({ approval, decision })}
        />
      )}
      {deciding !== undefined && (
        <DecideDialog
          approval={deciding.approval}
          decision={deciding.decision}
          onClose={() => setDeciding(undefined)}
          onDone={(row) => {
            void message.success(`${row.statusName}：${row.title}`);
            setDeciding(undefined);
            queryClient.setQueryData(approvalKeys.detail(row.approvalId), row);
            void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
            // The event moved on too (reviewed, or back to handling).
            void queryClient.invalidateQueries({ queryKey: ['grid-events'] });
          }}
        />
      )}
    </Card>
  );
}

function ApprovalDetail({
  approvalId,
  onClose,
  onDecide,
}: {
  approvalId: string;
  onClose(): void;
  onDecide(approval: ApprovalRow, decision: Decision): void;
}) {
  const detail = useQuery({
    queryKey: approvalKeys.detail(approvalId),
    queryFn: ({ signal }) => getApproval(approvalId, signal),
  });
  const a = detail.data;
  const path = a === undefined ? undefined : consolePath(a.link);
  return (
    <Drawer
      open
      size={600}
      title={a === undefined ? '审批详情' : `审批详情：${a.title}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        a?.status === 'pending' ? (
          <Space>
            <Button type="primary" onClick={() => onDecide(a, 'approve')}>
              通过
            </Button>
            <Button danger onClick={() => onDecide(a, 'reject')}>
              驳回
            </Button>
          </Space>
        ) : undefined
      }
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {a !== undefined && (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'kind', label: '类型', children: a.kindName },
            {
              key: 'status',
              label: '状态',
              children: <Tag color={APPROVAL_STATUS_COLORS[a.status]}>{a.statusName}</Tag>,
            },
            { key: 'title', label: '事项', children: a.title },
            { key: 'summary', label: '摘要', children: <div className="lt-approval-note">{a.summary}</div> },
            {
              key: 'subject',
              label: '关联事件',
              children: path === undefined ? `#${a.subjectId}` : <Link to={path}>查看事件 #{a.subjectId}</Link>,
            },
            { key: 'requested', label: '申请', children: `${a.requestedBy ?? '系统'} · ${a.requestedAt}` },
            {
              key: 'decided',
              label: '审批',
              children: a.decidedAt === null ? none : `${a.decidedBy ?? ''} · ${a.decidedAt}`,
            },
            { key: 'note', label: '审批说明', children: a.note ?? none },
          ]}
        />
      )}
    </Drawer>
  );
}

function DecideDialog({
  approval,
  decision,
  onClose,
  onDone,
}: {
  approval: ApprovalRow;
  decision: Decision;
  onClose(): void;
  onDone(row: ApprovalRow): void;
}) {
  const [form] = Form.useForm<{ note?: string }>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: decideApproval,
    onSuccess: onDone,
    onError: (error) => setProblem(errorText(error)),
  });
  const label = decision === 'approve' ? '通过' : '驳回';
  return (
    <Modal
      open
      title={`${label}：${approval.title}`}
      okText={label}
      okButtonProps={{ danger: decision === 'reject' }}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{approval.summary}</Typography.Paragraph>
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form
        form={form}
        layout="vertical"
        onValuesChange={() => setProblem(undefined)}
        onFinish={({ note }) => {
          const text = note ?? '';
          const trouble = decisionProblem(decision, text);
          if (trouble !== undefined) return form.setFields([{ name: 'note', errors: [trouble] }]);
          save.mutate({ approvalId: approval.approvalId, decision, note: text.trim() });
        }}
        aria-label={label}
      >
        <Form.Item
          name="note"
          label={decision === 'reject' ? '驳回说明' : '审批说明（可选）'}
          required={decision === 'reject'}
          extra={decision === 'reject' ? '驳回后事件退回处置人继续处置。' : '通过后事件进入「已审核」，可结案。'}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
