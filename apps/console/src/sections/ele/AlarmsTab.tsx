import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { type EleAlarm, eleApi, eleKeys } from './ele.api';
import { usePaging } from './paging';

const STATUS_COLOURS: Record<string, string> = { active: 'red', acknowledged: 'orange', cleared: 'default' };

/**
 * The alarms of the enterprises' meters — the alarm centre's own (告警中心 shows them too): 确认 and
 * 解除 are the shared lifecycle's; 生成问题单 sends one to the enterprise for rectification.
 */
export function AlarmsTab() {
  const canEdit = useCan('ele:edit');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { page, pagination, first } = usePaging();
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [handling, setHandling] = useState<{ alarm: EleAlarm; action: 'acknowledge' | 'clear' } | undefined>(undefined);
  const [note, setNote] = useState('');
  const params = { ...page, status };
  const list = useQuery({
    queryKey: eleKeys.call('alarms', params),
    queryFn: ({ signal }) => eleApi.alarms(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const handle = useMutation({
    mutationFn: (h: { alarm: EleAlarm; action: 'acknowledge' | 'clear'; note: string }) =>
      h.action === 'acknowledge' ? eleApi.acknowledge(h.alarm.alarmId, h.note) : eleApi.clear(h.alarm.alarmId, h.note),
    onSuccess: (_d, h) => {
      message.success(h.action === 'acknowledge' ? '已确认' : '已解除');
      setHandling(undefined);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
    },
    onError: (err) => message.error(errorText(err)),
  });
  const toProblem = useMutation({
    mutationFn: (alarm: EleAlarm) => eleApi.createProblem({ alarmId: alarm.alarmId }),
    onSuccess: (p) => {
      message.success('已生成问题单');
      void queryClient.invalidateQueries({ queryKey: eleKeys.all });
      void navigate(`/ele/problems?problemId=${p.problemId}`);
    },
    onError: (err) => message.error(errorText(err)),
  });

  return (
    <>
      <search className="lt-ele-toolbar" aria-label="筛选告警">
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="告警状态"
          style={{ width: 150 }}
          value={status}
          onChange={(v?: string) => {
            setStatus(v);
            first();
          }}
          options={[
            { value: 'active', label: '待处理' },
            { value: 'acknowledged', label: '已确认' },
            { value: 'cleared', label: '已解除' },
          ]}
        />
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table<EleAlarm>
        rowKey="alarmId"
        size="middle"
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && list.data === undefined}
        pagination={pagination(list.data?.total ?? 0)}
        scroll={{ x: 1100 }}
        columns={[
          { title: '告警时间', dataIndex: 'firstTime', width: 170 },
          {
            title: '企业',
            dataIndex: 'enterpriseName',
            render: (t: string, r) => <Link to={`/ele/enterprises/${r.enterpriseId}`}>{t}</Link>,
          },
          { title: '监测点', dataIndex: 'siteName' },
          { title: '告警项', dataIndex: 'itemName', render: (t: string, r) => <span title={r.message}>{t}</span> },
          { title: '级别', dataIndex: 'levelName', width: 80 },
          {
            title: '状态',
            dataIndex: 'statusName',
            width: 90,
            render: (t: string, r) => <Tag color={STATUS_COLOURS[r.status]}>{t}</Tag>,
          },
          {
            title: '问题单',
            dataIndex: 'problemId',
            width: 90,
            render: (id: string | null) =>
              id === null ? '—' : <Link to={`/ele/problems?problemId=${id}`}>#{id}</Link>,
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 220,
                  render: (_: unknown, r: EleAlarm) => (
                    <Space size={0}>
                      {r.status === 'active' && (
                        <Button
                          type="link"
                          size="small"
                          onClick={() => setHandling({ alarm: r, action: 'acknowledge' })}
                        >
                          确认
                        </Button>
                      )}
                      {r.status !== 'cleared' && (
                        <Button type="link" size="small" onClick={() => setHandling({ alarm: r, action: 'clear' })}>
                          解除
                        </Button>
                      )}
                      {r.problemId === null && (
                        <Button
                          type="link"
                          size="small"
                          loading={toProblem.isPending}
                          onClick={() => toProblem.mutate(r)}
                        >
                          生成问题单
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={handling !== undefined}
        title={handling?.action === 'clear' ? '解除告警' : '确认告警'}
        okText={handling?.action === 'clear' ? '解除' : '确认'}
        confirmLoading={handle.isPending}
        okButtonProps={{ disabled: handling?.action === 'clear' && note.trim() === '' }}
        onCancel={() => setHandling(undefined)}
        onOk={() => handling !== undefined && handle.mutate({ ...handling, note })}
      >
        <p>{handling?.alarm.message}</p>
        <Input.TextArea
          aria-label="说明"
          rows={3}
          maxLength={200}
          value={note}
          placeholder={
            handling?.action === 'clear' ? '解除说明（必填），如：现场核查治污设施已恢复运行' : '确认说明（可选）'
          }
          onChange={(e) => setNote(e.target.value)}
        />
      </Modal>
    </>
  );
}
