import { EVENT_STATES } from '@lantian/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Image,
  Skeleton,
  Space,
  Steps,
  Tag,
  Timeline,
  Tooltip,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { type ActionButton, actionButtons, PRIORITY_COLORS, STATE_COLORS } from './event-view';
import {
  type EventDetailData,
  type EventProcess,
  eventKeys,
  getEvent,
  getEventLogs,
  getEventProcess,
} from './events.api';

interface Props {
  eventId: string;
  onAction(event: EventDetailData, button: ActionButton): void;
  onClose(): void;
}

const none = <span className="lt-muted">—</span>;

/** "1 小时 5 分" from seconds, for the steps' durations. */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} 分`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} 小时${minutes % 60 === 0 ? '' : ` ${minutes % 60} 分`}`;
  return `${Math.floor(hours / 24)} 天 ${hours % 24} 小时`;
}

/** The flow as steps: the states reached so far with who and when; the current one stands out. */
function ProcessSteps({ process }: { process: EventProcess }) {
  const reached = process.steps.filter((s) => s.reached);
  const current = Math.max(0, reached.length - 1);
  const stopped = process.eventState === 'rejected' || process.eventState === 'returned';
  return (
    <Steps
      size="small"
      current={current}
      status={stopped ? 'error' : process.eventState === 'closed' ? 'finish' : 'process'}
      aria-label="流程进度"
      items={process.steps.map((s) => ({
        title: s.stateName,
        content: s.reached ? (
          <Tooltip title={s.note ?? undefined}>
            <span className="lt-event-step">
              {s.actorName ?? ''}
              <br />
              {s.at?.slice(5, 16) ?? ''}
              {s.durationSeconds !== null && s.durationSeconds > 0 && (
                <>
                  <br />
                  用时 {durationText(s.durationSeconds)}
                </>
              )}
            </span>
          </Tooltip>
        ) : undefined,
      }))}
    />
  );
}

/**
 * One event: what, where, who, the deadline, its photos, the flow's progress, the full history, and
 * the buttons of the actions the server says this operator may take now.
 */
export function EventDetail({ eventId, onAction, onClose }: Props) {
  const detail = useQuery({ queryKey: eventKeys.detail(eventId), queryFn: ({ signal }) => getEvent(eventId, signal) });
  const process = useQuery({
    queryKey: eventKeys.process(eventId),
    queryFn: ({ signal }) => getEventProcess(eventId, signal),
  });
  const logs = useQuery({
    queryKey: [...eventKeys.detail(eventId), 'logs'],
    queryFn: ({ signal }) => getEventLogs(eventId, signal),
  });
  const event = detail.data;
  const buttons = event === undefined ? [] : actionButtons(event.actions);

  return (
    <Drawer
      open
      size={820}
      title={event === undefined ? '事件详情' : `事件详情：${event.title}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        buttons.length > 0 && event !== undefined ? (
          <Space wrap>
            {buttons.map((b) => (
              <Button
                key={b.action}
                type={b.primary ? 'primary' : 'default'}
                danger={b.danger}
                onClick={() => onAction(event, b)}
              >
                {b.label}
              </Button>
            ))}
          </Space>
        ) : undefined
      }
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {event !== undefined && (
        <>
          {event.overdue && (
            <Alert type="error" showIcon title={`已逾期：处置时限 ${event.deadline ?? ''}`} className="lt-form-alert" />
          )}
          <Descriptions
            bordered
            size="small"
            column={2}
            items={[
              { key: 'no', label: '事件单号', children: <span className="lt-mono">{event.eventNo}</span> },
              {
                key: 'state',
                label: '状态',
                children: (
                  <>
                    <Tag color={STATE_COLORS[event.eventState]}>{event.stateName}</Tag>
                    {event.overdue && <Tag color="error">逾期</Tag>}
                  </>
                ),
              },
              { key: 'catalog', label: '类别', children: event.catalogName },
              {
                key: 'priority',
                label: '优先级',
                children: <Tag color={PRIORITY_COLORS[event.priority]}>{event.priorityName}</Tag>,
              },
              {
                key: 'source',
                label: '来源',
                children: (
                  <>
                    {event.sourceName}
                    {event.alarmId !== null && (
                      <>
                        {' '}
                        · <Link to={`/alarms?alarmId=${event.alarmId}`}>告警 #{event.alarmId}</Link>
                      </>
                    )}
                    {event.complaintId !== null && ` · 投诉 #${event.complaintId}`}
                    {event.patrolId !== null && ` · 巡查 #${event.patrolId}`}
                  </>
                ),
              },
              { key: 'reporter', label: '上报', children: `${event.reporterName} · ${event.reportedAt}` },
              { key: 'grid', label: '所属网格', children: event.gridName ?? '未落入网格' },
              {
                key: 'position',
                label: '位置',
                children: (
                  <span className="lt-mono">
                    {event.longitude.toFixed(6)}, {event.latitude.toFixed(6)}
                  </span>
                ),
              },
              { key: 'address', label: '地址', span: 2, children: event.address || none },
              {
                key: 'assignee',
                label: '处置人',
                children: event.assigneeName ?? event.orgName ?? none,
              },
              {
                key: 'deadline',
                label: '处置时限',
                children:
                  event.deadline === null ? (
                    none
                  ) : (
                    <Typography.Text type={event.overdue ? 'danger' : undefined}>{event.deadline}</Typography.Text>
                  ),
              },
              ...(event.closedAt === null
                ? []
                : [{ key: 'closed', label: '结案时间', span: 2, children: event.closedAt }]),
              {
                key: 'description',
                label: '描述',
                span: 2,
                children: event.description ? <div className="lt-event-note">{event.description}</div> : none,
              },
            ]}
          />

          <Typography.Title level={5} className="lt-event-title">
            现场照片（{event.attachments.length}）
          </Typography.Title>
          {event.attachments.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有照片" />
          ) : (
            <Image.PreviewGroup>
              <div className="lt-event-photos">
                {event.attachments.map((a) => (
                  <figure key={a.attachmentId} className="lt-event-photo">
                    <Image src={a.url} alt={a.name} width={112} height={112} className="lt-event-photo-img" />
                    <figcaption>
                      {a.step} · {a.uploadedBy}
                      <br />
                      {a.takenAt ?? a.uploadedAt}
                    </figcaption>
                  </figure>
                ))}
              </div>
            </Image.PreviewGroup>
          )}

          <Typography.Title level={5} className="lt-event-title">
            流程进度
          </Typography.Title>
          {process.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
          {process.isError && <Alert type="warning" showIcon title={errorText(process.error)} />}
          {process.data !== undefined && <ProcessSteps process={process.data} />}

          <Typography.Title level={5} className="lt-event-title">
            处理记录
          </Typography.Title>
          {logs.isError && <Alert type="warning" showIcon title={errorText(logs.error)} />}
          <Timeline
            aria-label="处理记录"
            items={(logs.data ?? event.logs).map((log) => ({
              key: log.logId,
              color:
                log.toState === null
                  ? 'gray'
                  : log.toState === 'rejected' || log.toState === 'returned'
                    ? 'red'
                    : 'blue',
              content: (
                <>
                  <Typography.Text strong>{log.actionName}</Typography.Text>
                  {log.toState !== null && (
                    <Tag color={STATE_COLORS[log.toState]} className="lt-event-log-tag">
                      → {EVENT_STATES[log.toState]}
                    </Tag>
                  )}
                  <Typography.Text type="secondary">
                    {' '}
                    · {log.actorName} · {log.at}
                  </Typography.Text>
                  {log.target !== null && <div>派遣给：{log.target}</div>}
                  {log.note !== null && log.note !== '' && <div className="lt-event-note">{log.note}</div>}
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
