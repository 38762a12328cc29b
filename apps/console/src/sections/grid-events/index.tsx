import { MobileOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../shared/session/session-context';
import { ActionDialog } from './ActionDialog';
import { EventDetail } from './EventDetail';
import { EventList } from './EventList';
import { type ActionButton, eventIdOf } from './event-view';
import { type EventDetailData, eventKeys } from './events.api';
import { ReportForm } from './ReportForm';
import '../../shared/table/table.css';
import './grid-events.css';

/**
 * 网格事件: the events of the operator's grids or area, newest first, filtered in the address; a
 * detail drawer with photos, the flow's progress, the history and the actions this operator may take
 * (`?eventId=12` opens it: notices link there); and 上报事件 for operators with grid:report.
 */
export default function GridEventsSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canReport = useCan('grid:report');
  const [params, setParams] = useSearchParams();
  const openId = eventIdOf(params.get('eventId'));
  const [reporting, setReporting] = useState(false);
  const [acting, setActing] = useState<{ event: EventDetailData; button: ActionButton } | undefined>(undefined);

  // The open event lives in the address too, so a reload or a shared link shows the same drawer.
  const setOpenId = (eventId: string | undefined) => {
    const next = new URLSearchParams(params);
    if (eventId === undefined) next.delete('eventId');
    else next.set('eventId', eventId);
    setParams(next, { replace: eventId === undefined });
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all });

  return (
    <Card
      title="网格事件"
      extra={
        <Space>
          <Button icon={<MobileOutlined />} onClick={() => navigate('/m')}>
            移动端
          </Button>
          {canReport && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setReporting(true)}>
              上报事件
            </Button>
          )}
        </Space>
      }
    >
      <EventList onOpen={setOpenId} />
      {openId !== undefined && (
        <EventDetail
          eventId={openId}
          onAction={(event, button) => setActing({ event, button })}
          onClose={() => setOpenId(undefined)}
        />
      )}
      {acting !== undefined && (
        <ActionDialog
          event={acting.event}
          button={acting.button}
          onClose={() => setActing(undefined)}
          onDone={(event) => {
            void message.success(`已${acting.button.label}：${event.title}（${event.stateName}）`);
            setActing(undefined);
            queryClient.setQueryData(eventKeys.detail(event.eventId), event);
            refresh();
          }}
        />
      )}
      {reporting && (
        <ReportForm
          onClose={() => setReporting(false)}
          onDone={(event) => {
            setReporting(false);
            refresh();
            setOpenId(event.eventId);
          }}
        />
      )}
    </Card>
  );
}
