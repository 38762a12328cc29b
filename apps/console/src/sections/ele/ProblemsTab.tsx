import { PROBLEM_STATES } from '@lantian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Input, Select, Space, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { eleApi, eleKeys, type Problem } from './ele.api';
import { usePaging } from './paging';

const STATE_COLOURS: Record<string, string> = { open: 'red', assigned: 'orange', rectified: 'blue', closed: 'green' };

/** What can be done to a form in each state (the server's state machine decides; this offers the buttons). */
const ACTIONS: Record<string, Array<{ action: string; label: string }>> = {
  open: [
    { action: 'assign', label: '指派' },
    { action: 'close', label: '直接办结' },
  ],
  assigned: [
    { action: 'rectify', label: '提交整改' },
    { action: 'assign', label: '改派' },
    { action: 'close', label: '直接办结' },
  ],
  rectified: [
    { action: 'approve', label: '复核通过' },
    { action: 'reject', label: '复核退回' },
  ],
  closed: [],
};

/** 问题单: from alarms or by hand, assigned, rectified, reviewed, closed; every step recorded. */
export function ProblemsTab() {
  const [params, setParams] = useSearchParams();
  const { page, pagination, first } = usePaging();
  const [state, setState] = useState<string | undefined>(undefined);
  const query = { ...page, state };
  const list = useQuery({
    queryKey: eleKeys.call('problems', query),
    queryFn: ({ signal }) => eleApi.problems(query, signal),
    placeholderData: keepPreviousData,
  });
  const open = params.get('problemId');
  return (
    <>
      <search className="lt-ele-toolbar" aria-label="筛选问题单">
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="问题单状态"
          style={{ width: 150 }}
          value={state}
          onChange={(v?: string) => {
            setState(v);
            first();
          }}
          options={Object.entries(PROBLEM_STATES).map(([value, label]) => ({ value, label }))}
        />
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table<Problem>
        rowKey="problemId"
        size="middle"
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && list.data === undefined}
        pagination={pagination(list.data?.total ?? 0)}
        onRow={(r) => ({ onClick: () => setParams({ problemId: r.problemId }), style: { cursor: 'pointer' } })}
        columns={[
          { title: '编号', dataIndex: 'problemId', width: 70, render: (id: string) => `#${id}` },
          { title: '问题', dataIndex: 'title' },
          { title: '企业', dataIndex: 'enterpriseName' },
          {
            title: '状态',
            dataIndex: 'stateName',
            width: 90,
            render: (t: string, r) => <Tag color={STATE_COLOURS[r.state]}>{t}</Tag>,
          },
          { title: '整改责任人', dataIndex: 'assignee', render: (t: string) => t || '—' },
          { title: '整改期限', dataIndex: 'deadline', render: (t: string | null) => t ?? '—' },
          { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
        ]}
      />
      {open !== null && <ProblemDrawer problemId={open} onClose={() => setParams({})} />}
    </>
  );
}

function ProblemDrawer({ problemId, onClose }: { problemId: string; onClose(): void }) {
  const canEdit = useCan('ele:edit');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [assignee, setAssignee] = useState('');
  const [note, setNote] = useState('');
  const detail = useQuery({
    queryKey: eleKeys.call('problem', { problemId }),
    queryFn: ({ signal }) => eleApi.problem(problemId, signal),
  });
  const act = useMutation({
    mutationFn: (action: string) => eleApi.actOnProblem({ problemId, action, assignee, note }),
    onSuccess: () => {
      message.success('已提交');
      setNote('');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
    },
    onError: (err) => message.error(errorText(err)),
  });
  const p = detail.data;
  const actions = p === undefined ? [] : (ACTIONS[p.state] ?? []);
  return (
    <Drawer open size={560} title={p === undefined ? '问题单' : `问题单 #${p.problemId}`} onClose={onClose}>
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {p !== undefined && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="问题">{p.title}</Descriptions.Item>
            <Descriptions.Item label="企业">{p.enterpriseName}</Descriptions.Item>
            <Descriptions.Item label="监测点">{p.siteName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="描述">{p.description || '—'}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLOURS[p.state]}>{p.stateName}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="整改责任人">{p.assignee || '—'}</Descriptions.Item>
            <Descriptions.Item label="来源">{p.alarmId === null ? '手工新建' : `告警 #${p.alarmId}`}</Descriptions.Item>
          </Descriptions>
          {canEdit && actions.length > 0 && (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {p.state !== 'rectified' && (
                <Input
                  aria-label="整改责任人"
                  placeholder="整改责任人（指派时必填）"
                  value={assignee}
                  onChange={(e) => setAssignee(e.target.value)}
                />
              )}
              <Input.TextArea
                aria-label="处理说明"
                rows={2}
                maxLength={300}
                placeholder="处理说明（整改、复核、办结时必填）"
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <Space wrap>
                {actions.map((a) => (
                  <Button key={a.action} loading={act.isPending} onClick={() => act.mutate(a.action)}>
                    {a.label}
                  </Button>
                ))}
              </Space>
            </Space>
          )}
          <Timeline
            items={p.steps.map((s) => ({
              content: (
                <>
                  <b>{s.actionName}</b>　{s.actor}　{s.at}
                  {s.note !== '' && <div>{s.note}</div>}
                </>
              ),
            }))}
          />
        </Space>
      )}
    </Drawer>
  );
}
