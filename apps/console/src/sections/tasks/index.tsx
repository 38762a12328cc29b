import { PlusOutlined } from '@ant-design/icons';
import type { TaskRow } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan, useSession } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { TaskForm } from './TaskForm';
import {
  BOX_LABELS,
  boxesFor,
  boxOf,
  canComplete,
  consolePath,
  TASK_FILTERS,
  TASK_KIND_OPTIONS,
  TASK_STATUS_COLORS,
  TASK_STATUS_OPTIONS,
  taskParams,
} from './task-view';
import { completeTask, listTasks, taskKeys } from './tasks.api';
import '../../shared/table/table.css';
import './tasks.css';

/**
 * 任务中心: 我的待办 (tasks assigned to me), 我下达的 (tasks I assigned), 本辖区 (every task of the area,
 * for dispatchers); open first, by due time, overdue in red. Event tasks link to their event, where
 * they are handled; hand-assigned tasks are completed here with a note. Dispatchers 下达任务.
 */
export default function TasksSection() {
  const { operator } = useSession();
  const canAssign = useCan('grid:dispatch');
  const queryClient = useQueryClient();
  const boxes = boxesFor(operator.permissions);
  const table = useUrlTable<TaskRow>(TASK_FILTERS);
  const { filters } = table.query;
  const box = boxOf(filters.box, boxes);
  const params = taskParams(table.params, box);
  const list = useQuery({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => listTasks(params, signal),
    placeholderData: keepPreviousData,
  });
  const [assigning, setAssigning] = useState(false);
  const [completing, setCompleting] = useState<TaskRow | undefined>(undefined);
  const { message } = App.useApp();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: taskKeys.all });

  const columns: TableColumnsType<TaskRow> = [
    {
      title: '任务',
      key: 'title',
      width: 260,
      render: (_, r) => {
        const path = consolePath(r.link);
        return (
          <>
            {path === undefined ? r.title : <Link to={path}>{r.title}</Link>}
            {r.content !== '' && (
              <Typography.Text type="secondary" className="lt-task-sub" ellipsis={{ tooltip: r.content }}>
                {r.content}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    { title: '类型', dataIndex: 'kindName', key: 'kind', width: 100 },
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, r) => (
        <>
          <Tag color={TASK_STATUS_COLORS[r.status]}>{r.statusName}</Tag>
          {r.overdue && <Tag color="error">逾期</Tag>}
        </>
      ),
    },
    ...(box === 'mine' ? [] : [{ title: '执行人', dataIndex: 'assigneeName', key: 'assignee', width: 110 }]),
    ...(box === 'assigned'
      ? []
      : [
          {
            title: '下达人',
            key: 'assigner',
            width: 110,
            render: (_: unknown, r: TaskRow) => r.assignerName ?? <span className="lt-muted">系统</span>,
          },
        ]),
    {
      title: '截止时间',
      key: 'due',
      width: 170,
      render: (_, r) =>
        r.dueAt === null ? (
          <span className="lt-muted">不限</span>
        ) : (
          <Typography.Text type={r.overdue ? 'danger' : undefined} strong={r.overdue}>
            {r.dueAt}
          </Typography.Text>
        ),
    },
    { title: '下达时间', dataIndex: 'createdAt', key: 'created', width: 170 },
    {
      title: '完成',
      key: 'done',
      width: 190,
      render: (_, r) =>
        r.doneAt === null ? (
          <span className="lt-muted">—</span>
        ) : (
          <>
            {r.doneAt}
            {r.doneNote !== null && (
              <Typography.Text type="secondary" className="lt-task-sub" ellipsis={{ tooltip: r.doneNote }}>
                {r.doneNote}
              </Typography.Text>
            )}
          </>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, r) => {
        const path = consolePath(r.link);
        if (canComplete(r, operator.id)) {
          return (
            <Button type="link" size="small" onClick={() => setCompleting(r)}>
              完成
            </Button>
          );
        }
        if (path !== undefined && r.status === 'open' && r.kind !== 'manual') {
          return <Link to={path}>{r.assigneeId === operator.id ? '去办理' : '查看'}</Link>;
        }
        return null;
      },
    },
  ];

  const filtered = filters.status !== undefined || filters.kind !== undefined || filters.keyword !== undefined;

  return (
    <Card
      title="任务中心"
      activeTabKey={box}
      tabList={boxes.map((b) => ({ key: b, label: BOX_LABELS[b] }))}
      onTabChange={(key) => table.setFilters({ box: key === 'mine' ? undefined : key })}
      tabBarExtraContent={
        canAssign && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAssigning(true)}>
            下达任务
          </Button>
        )
      }
    >
      <search className="lt-filters" aria-label="筛选任务">
        <Input.Search
          allowClear
          placeholder="任务标题或内容"
          defaultValue={filters.keyword}
          key={filters.keyword ?? ''}
          onSearch={(keyword) => table.setFilters({ keyword })}
          className="lt-filter-keyword"
          aria-label="任务标题或内容"
          maxLength={40}
        />
        <Select
          allowClear
          placeholder="状态"
          value={filters.status}
          onChange={(status?: string) => table.setFilters({ status })}
          options={TASK_STATUS_OPTIONS}
          className="lt-filter-status"
          aria-label="状态"
        />
        <Select
          allowClear
          placeholder="类型"
          value={filters.kind}
          onChange={(kind?: string) => table.setFilters({ kind })}
          options={TASK_KIND_OPTIONS}
          className="lt-filter-status"
          aria-label="类型"
        />
        {filtered && (
          <Button onClick={() => table.setFilters({ status: undefined, kind: undefined, keyword: undefined })}>
            清除筛选
          </Button>
        )}
      </search>
      <Table<TaskRow>
        aria-label={`${BOX_LABELS[box]}列表`}
        rowKey="taskId"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        rowClassName={(r) => (r.overdue ? 'lt-task-row-overdue' : '')}
        scroll={{ x: 1100 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : filtered ? '没有符合条件的任务' : '暂无任务' }}
      />
      {assigning && (
        <TaskForm
          onClose={() => setAssigning(false)}
          onDone={(task) => {
            void message.success(`任务已下达给 ${task.assigneeName}`);
            setAssigning(false);
            refresh();
          }}
        />
      )}
      {completing !== undefined && (
        <CompleteDialog
          task={completing}
          onClose={() => setCompleting(undefined)}
          onDone={() => {
            void message.success(`任务已完成：${completing.title}`);
            setCompleting(undefined);
            refresh();
          }}
        />
      )}
    </Card>
  );
}

/** 完成: an optional note of what was done. */
function CompleteDialog({ task, onClose, onDone }: { task: TaskRow; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ note?: string }>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: completeTask,
    onSuccess: onDone,
    onError: (error) => setProblem(errorText(error)),
  });
  return (
    <Modal
      open
      title={`完成任务：${task.title}`}
      okText="完成"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      {task.content !== '' && <Typography.Paragraph type="secondary">{task.content}</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        onFinish={({ note }) => save.mutate({ taskId: task.taskId, note: note?.trim() ?? '' })}
        aria-label="完成任务"
      >
        <Form.Item name="note" label="完成说明">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="做了什么、结果如何" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
