import type { AlarmRow } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { AlarmLevelTag } from '../../shared/alarm/AlarmLevelTag';
import { errorText } from '../../shared/api';
import { STATUS_COLORS } from './alarm-filters';
import { alarmKeys, getAlarm } from './alarms.api';
import type { HandleAction } from './HandleDialog';

const HISTORY_COLORS = { raise: 'red', repeat: 'orange', acknowledge: 'blue', clear: 'green' } as const;

interface Props {
  alarmId: string;
  canHandle: boolean;
  onHandle(alarm: AlarmRow, action: HandleAction): void;
  onClose(): void;
}

const none = <span className="lt-muted">—</span>;

/** One alarm: what, where, when, who handled it, and its history as a timeline; 确认 and 解除 by permission. */
export function AlarmDetail({ alarmId, canHandle, onHandle, onClose }: Props) {
  const detail = useQuery({ queryKey: alarmKeys.detail(alarmId), queryFn: ({ signal }) => getAlarm(alarmId, signal) });
  const alarm = detail.data;

  const actions =
    alarm !== undefined && canHandle && alarm.status !== 'cleared' ? (
      <Space>
        {alarm.status === 'active' && <Button onClick={() => onHandle(alarm, 'acknowledge')}>确认</Button>}
        <Button danger onClick={() => onHandle(alarm, 'clear')}>
          解除
        </Button>
      </Space>
    ) : undefined;

  return (
    <Drawer
      open
      size={720}
      title={alarm === undefined ? '告警详情' : `告警详情：${alarm.deviceName} · ${alarm.itemName}`}
      onClose={onClose}
      destroyOnHidden
      extra={actions}
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {alarm !== undefined && (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'level', label: '级别', children: <AlarmLevelTag level={alarm.level} full /> },
              {
                key: 'status',
                label: '状态',
                children: <Tag color={STATUS_COLORS[alarm.status]}>{alarm.statusName}</Tag>,
              },
              { key: 'type', label: '告警类型', children: alarm.typeName },
              { key: 'rule', label: '告警规则', children: alarm.ruleName },
              {
                key: 'device',
                label: '设备',
                children: <Link to={`/devices/${alarm.deviceId}`}>{alarm.deviceName}</Link>,
              },
              { key: 'mn', label: 'MN', children: <span className="lt-mono">{alarm.mn}</span> },
              { key: 'site', label: '站点', children: alarm.siteName },
              { key: 'area', label: '区域', children: alarm.areaName },
              { key: 'item', label: '告警项', children: alarm.itemName },
              { key: 'value', label: '告警值', children: alarm.value ?? none },
              { key: 'message', label: '说明', span: 2, children: alarm.message },
              { key: 'first', label: '首次告警', children: alarm.firstAt },
              { key: 'last', label: '最近触发', children: alarm.lastAt },
              { key: 'count', label: '触发次数', children: `${alarm.count} 次` },
              {
                key: 'ack',
                label: '确认',
                children:
                  alarm.acknowledgedAt === null ? none : `${alarm.acknowledgedBy ?? ''} · ${alarm.acknowledgedAt}`,
              },
              {
                key: 'clear',
                label: '解除',
                span: 2,
                children:
                  alarm.clearedAt === null ? (
                    none
                  ) : (
                    <>
                      {alarm.clearMode === 'auto' ? '自动解除' : `${alarm.clearedBy ?? ''} 手动解除`} ·{' '}
                      {alarm.clearedAt}
                      {alarm.clearNote ? `：${alarm.clearNote}` : ''}
                    </>
                  ),
              },
            ]}
          />
          <Typography.Title level={5} className="lt-alarm-history-title">
            处理记录
          </Typography.Title>
          <Timeline
            aria-label="处理记录"
            items={[...alarm.history]
              .sort((a, b) => a.at.localeCompare(b.at))
              .map((h, i) => ({
                key: `${h.at}-${i}`,
                color: HISTORY_COLORS[h.action],
                content: (
                  <>
                    <Typography.Text strong>{h.actionName}</Typography.Text>
                    <Typography.Text type="secondary">
                      {' '}
                      · {h.actor} · {h.at}
                    </Typography.Text>
                    {h.note !== null && h.note !== '' && <div className="lt-alarm-note">{h.note}</div>}
                  </>
                ),
              }))}
          />
        </>
      )}
    </Drawer>
  );
}
