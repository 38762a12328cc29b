import { BellOutlined } from '@ant-design/icons';
import type { AlarmRow } from '@lantian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, notification as antdNotification, Badge, Button, Card, Space, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { STREAM_STATE_TEXT } from '../../shared/live/event-stream';
import { useEventStream } from '../../shared/live/useEventStream';
import { useCan } from '../../shared/session/session-context';
import { AlarmDetail } from './AlarmDetail';
import { AlarmList } from './AlarmList';
import {
  ALARM_STREAM_EVENT,
  type AlarmEvent,
  countEvent,
  EMPTY_COUNTER,
  isSevere,
  parseAlarmEvent,
  raiseNotice,
} from './alarm-stream';
import { ALARM_STREAM_URL, alarmKeys } from './alarms.api';
import { type HandleAction, HandleDialog } from './HandleDialog';
import { RuleList } from './RuleList';
import '../../shared/table/table.css';
import './alarms.css';

/** At most one refresh of the lists per this many ms, however many events arrive. */
const REFRESH_THROTTLE_MS = 1_500;

const TABS = [
  { key: '', label: '告警列表' },
  { key: 'rules', label: '告警规则' },
];

/**
 * 告警中心: the alarms of the operator's area, newest first, live (Server-Sent Events: a raised alarm
 * pops up as a notification, the list refreshes, the counter counts it), each with its history,
 * 确认 and 解除 by permission; and the 告警规则 that raise them (`/platform/alarms/rules`).
 */
export default function AlarmsSection() {
  const tab = useParams()['*'] ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  // Raised alarms pop up at the bottom right (never over a drawer's buttons), at most three at a time.
  const [notification, notificationHolder] = antdNotification.useNotification({
    placement: 'bottomRight',
    maxCount: 3,
  });
  const canHandle = useCan('alarm:handle');
  const [counter, setCounter] = useState(EMPTY_COUNTER);
  const [chosenId, setOpenId] = useState<string | undefined>(undefined);
  // A link to one alarm (a notice's, `/platform/alarms?alarmId=12`) opens its detail.
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('alarmId') ?? undefined;
  const openId = chosenId ?? (linkedId !== undefined && /^[1-9]\d{0,9}$/.test(linkedId) ? linkedId : undefined);
  const closeDetail = () => {
    setOpenId(undefined);
    if (linkedId === undefined) return;
    const next = new URLSearchParams(params);
    next.delete('alarmId');
    setParams(next, { replace: true });
  };
  const [handling, setHandling] = useState<{ alarm: AlarmRow; action: HandleAction } | undefined>(undefined);

  // Many events in a burst (a gateway reconnecting) refresh the lists once.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    if (pending.current !== undefined) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      // The lists and any open detail; the rules do not change with alarms.
      void queryClient.invalidateQueries({ queryKey: alarmKeys.lists });
      void queryClient.invalidateQueries({ queryKey: alarmKeys.details });
    }, REFRESH_THROTTLE_MS);
  }, [queryClient]);
  useEffect(() => () => clearTimeout(pending.current), []);

  const onEvent = (data: string) => {
    const event: AlarmEvent | undefined = parseAlarmEvent(data);
    if (event === undefined) return;
    refresh();
    if (event.action !== 'raise') return;
    setCounter((c) => countEvent(c, event));
    const { alarm } = event;
    const words = raiseNotice(alarm);
    notification.open({
      type: isSevere(alarm.level) ? 'error' : 'warning',
      key: `alarm-${alarm.alarmId}`,
      title: words.title,
      description: words.description,
      // 一级 stays until dismissed; the others go after a while (the counter keeps them).
      duration: alarm.level === 1 ? 0 : 10,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(`alarm-${alarm.alarmId}`);
            setOpenId(alarm.alarmId);
          }}
        >
          查看
        </Button>
      ),
    });
  };
  const stream = useEventStream(ALARM_STREAM_URL, ALARM_STREAM_EVENT, onEvent, { onReconnect: refresh });

  /** 新告警 N 条: back to the first page of all alarms, and start counting again. */
  const showNew = () => {
    setCounter(EMPTY_COUNTER);
    navigate('/alarms');
    void queryClient.invalidateQueries({ queryKey: alarmKeys.lists });
  };

  return (
    <Card
      title="告警中心"
      activeTabKey={tab === 'rules' ? 'rules' : ''}
      tabList={TABS}
      onTabChange={(key) => navigate(key === '' ? '/alarms' : `/alarms/${key}`)}
      tabBarExtraContent={
        <Space size="middle">
          <Tooltip title={STREAM_STATE_TEXT[stream]}>
            <Badge
              status={stream === 'open' ? 'processing' : stream === 'connecting' ? 'default' : 'warning'}
              text={<Typography.Text type="secondary">{stream === 'open' ? '实时' : '连接中'}</Typography.Text>}
            />
          </Tooltip>
          <Badge count={counter.count} size="small" offset={[-4, 4]}>
            <Button icon={<BellOutlined />} onClick={showNew} aria-live="polite" disabled={counter.count === 0}>
              新告警 {counter.count} 条
            </Button>
          </Badge>
        </Space>
      }
    >
      {notificationHolder}
      <Routes>
        <Route
          index
          element={
            <AlarmList
              liveIds={counter.ids}
              streamOpen={stream === 'open'}
              canHandle={canHandle}
              onOpen={setOpenId}
              onHandle={(alarm, action) => setHandling({ alarm, action })}
            />
          }
        />
        <Route path="rules" element={<RuleList />} />
        <Route path="*" element={<Navigate to="/alarms" replace />} />
      </Routes>
      {openId !== undefined && (
        <AlarmDetail
          alarmId={openId}
          canHandle={canHandle}
          onHandle={(alarm, action) => setHandling({ alarm, action })}
          onClose={closeDetail}
        />
      )}
      {handling !== undefined && (
        <HandleDialog
          alarm={handling.alarm}
          action={handling.action}
          onClose={() => setHandling(undefined)}
          onDone={(row) => {
            void message.success(
              handling.action === 'clear' ? `已解除告警：${row.deviceName}` : `已确认告警：${row.deviceName}`,
            );
            setHandling(undefined);
            void queryClient.invalidateQueries({ queryKey: alarmKeys.all });
          }}
        />
      )}
    </Card>
  );
}
