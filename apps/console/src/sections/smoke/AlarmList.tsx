import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { handleAlarm, listAlarms, type SmokeAlarm, smokeKeys } from './smoke.api';

const FILTERS = ['status', 'type', 'keyword', 'startTime', 'endTime'] as const;
const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const STATUS_COLORS = { active: 'red', acknowledged: 'orange', cleared: 'default' } as const;

interface Handling {
  alarm: SmokeAlarm;
  action: 'acknowledge' | 'clear';
}

/**
 * 油烟告警: the smoke loggers' alarms of the shared lifecycle (the same rows as 告警中心), filters in
 * the address; 确认 and 解除 (with a note) go through the lifecycle and are audited.
 */
export function AlarmList() {
  const table = useUrlTable<SmokeAlarm>(FILTERS);
  const { filters } = table.query;
  const canHandle = useCan('smoke:edit');
  const client = useQueryClient();
  const { message } = App.useApp();
  const [handling, setHandling] = useState<Handling | null>(null);
  const [note, setNote] = useState('');
  const list = useQuery({
    queryKey: smokeKeys.alarms(table.params),
    queryFn: ({ signal }) => listAlarms(table.params, signal),
    refetchInterval: 60_000,
  });
  const handle = useMutation({
    mutationFn: handleAlarm,
    onSuccess: (alarm) => {
      void message.success(`${alarm.statusName}：${alarm.deviceName} ${alarm.typeName}`);
      setHandling(null);
      setNote('');
      void client.invalidateQueries({ queryKey: smokeKeys.all });
    },
  });
  const open = (alarm: SmokeAlarm, action: Handling['action']) => {
    handle.reset();
    setNote('');
    setHandling({ alarm, action });
  };
  const columns: ColumnsType<SmokeAlarm> = [
    {
      title: '企业',
      key: 'enterprise',
      render: (_v, r) =>
        r.stationCode === null ? r.deviceName : <Link to={`/smoke/site/${r.stationCode}`}>{r.enterpriseName}</Link>,
    },
    { title: '类型', dataIndex: 'typeName', key: 'typeName' },
    { title: '告警内容', dataIndex: 'message', key: 'message', ellipsis: true, width: 320 },
    { title: '级别', dataIndex: 'levelName', key: 'levelName' },
    { title: '开始时间', dataIndex: 'firstAt', key: 'firstAt' },
    { title: '最近', dataIndex: 'lastAt', key: 'lastAt' },
    {
      title: '状态',
      key: 'status',
      render: (_v, r) => <Tag color={STATUS_COLORS[r.status]}>{r.statusName}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) =>
        !canHandle || r.status === 'cleared' ? null : (
          <Space size={0}>
            {r.status === 'active' && (
              <Button
                type="link"
                onClick={() => open(r, 'acknowledge')}
                aria-label={`确认 ${r.enterpriseName ?? r.deviceName} 的告警`}
              >
                确认
              </Button>
            )}
            <Button
              type="link"
              onClick={() => open(r, 'clear')}
              aria-label={`解除 ${r.enterpriseName ?? r.deviceName} 的告警`}
            >
              解除
            </Button>
          </Space>
        ),
    },
  ];
  const start = filters.startTime;
  const end = filters.endTime;
  return (
    <>
      <search className="lt-filters" aria-label="筛选告警">
        <Select
          allowClear
          placeholder="全部状态"
          value={filters.status}
          onChange={(status?: string) => table.setFilters({ status })}
          options={[
            { value: 'active', label: '待处理' },
            { value: 'acknowledged', label: '已确认' },
            { value: 'cleared', label: '已解除' },
          ]}
          className="lt-filter-select"
          aria-label="告警状态"
        />
        <Select
          allowClear
          placeholder="全部类型"
          value={filters.type}
          onChange={(type?: string) => table.setFilters({ type })}
          options={[
            { value: 'fume_over', label: '油烟超标' },
            { value: 'purifier_off', label: '净化器未开启' },
            { value: 'offline', label: '离线' },
          ]}
          className="lt-filter-select"
          aria-label="告警类型"
        />
        <Input.Search
          allowClear
          placeholder="MN、设备或站点名称"
          defaultValue={filters.keyword}
          onSearch={(keyword) => table.setFilters({ keyword: keyword === '' ? undefined : keyword })}
          className="lt-filter-select"
          aria-label="搜索告警"
        />
        <DatePicker.RangePicker
          showTime
          value={start !== undefined && end !== undefined ? [dayjs(start), dayjs(end)] : null}
          onChange={(range) =>
            table.setFilters({ startTime: range?.[0]?.format(FORMAT), endTime: range?.[1]?.format(FORMAT) })
          }
          aria-label="告警时间"
        />
      </search>
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} className="lt-form-alert" />}
      <Table
        rowKey="alarmId"
        aria-label="油烟告警"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isPending}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 'max-content' }}
      />
      {handling !== null && (
        <Modal
          open
          title={handling.action === 'clear' ? '解除告警' : '确认告警'}
          okText={handling.action === 'clear' ? '解除' : '确认'}
          confirmLoading={handle.isPending}
          onCancel={() => setHandling(null)}
          onOk={() => handle.mutate({ alarmId: handling.alarm.alarmId, action: handling.action, note })}
          okButtonProps={{ disabled: handling.action === 'clear' && note.trim() === '' }}
        >
          <Typography.Paragraph>
            {handling.alarm.enterpriseName ?? handling.alarm.deviceName}：{handling.alarm.message}
          </Typography.Paragraph>
          {handle.isError && <Alert type="error" showIcon title={errorText(handle.error)} className="lt-form-alert" />}
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={handling.action === 'clear' ? '解除说明（必填），如：已责令开启净化器' : '处理说明（可选）'}
            aria-label="处理说明"
          />
        </Modal>
      )}
    </>
  );
}
