import { ClockCircleOutlined, EnvironmentOutlined, LeftOutlined } from '@ant-design/icons';
import { eventAttachmentsResponse } from '@lantian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  Progress,
  Skeleton,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type ActionButton,
  actionButtons,
  attachFormData,
  eventIdOf,
  PRIORITY_COLORS,
  STATE_COLORS,
} from '../sections/grid-events/event-view';
import { type EventDetailData, eventKeys, getEvent, transitionEvent } from '../sections/grid-events/events.api';
import { errorText } from '../shared/api';
import { postMultipart } from '../shared/api/upload';
import { PhotoPicker } from './PhotoPicker';

/**
 * One event on the phone: what and where, its photos, its history, and the buttons the server offers
 * this grid member now — 开始处置, 处置完成 (a note and the "after" photos), 退回 (a note). Dispatching
 * is a desk job: that button opens the desktop detail.
 */
export function MobileEvent() {
  const eventId = eventIdOf(useParams().eventId);
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: eventKeys.detail(eventId ?? '0'),
    queryFn: ({ signal }) => getEvent(eventId ?? '0', signal),
    enabled: eventId !== undefined,
  });
  const [acting, setActing] = useState<ActionButton | undefined>(undefined);
  const event = detail.data;

  if (eventId === undefined) return <Alert type="error" showIcon title="不是有效的事件编号" />;
  return (
    <div className="lt-m-event">
      <Button type="link" icon={<LeftOutlined />} onClick={() => navigate('/m/tasks')} className="lt-m-back">
        我的任务
      </Button>
      {detail.isPending && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {event !== undefined && (
        <>
          <section className="lt-m-card">
            <div className="lt-m-task-top">
              <Tag color={STATE_COLORS[event.eventState]}>{event.stateName}</Tag>
              {event.overdue && <Tag color="error">逾期</Tag>}
              <Tag color={PRIORITY_COLORS[event.priority]}>{event.priorityName}</Tag>
              <span className="lt-m-task-no">{event.eventNo}</span>
            </div>
            <Typography.Title level={5} className="lt-m-event-title">
              {event.title}
            </Typography.Title>
            <div className="lt-m-task-meta">
              {event.catalogName} · {event.sourceName}
            </div>
            {event.description !== '' && <p className="lt-m-event-text">{event.description}</p>}
            <div className="lt-m-task-meta">
              <EnvironmentOutlined /> {event.gridName ?? '未落入网格'} {event.address}
              <span className="lt-m-coords">
                {event.longitude.toFixed(5)}, {event.latitude.toFixed(5)}
              </span>
            </div>
            {event.deadline !== null && (
              <div className={event.overdue ? 'lt-m-task-deadline lt-m-overdue' : 'lt-m-task-deadline'}>
                <ClockCircleOutlined /> 时限 {event.deadline}
                {event.overdue ? '（已逾期）' : ''}
              </div>
            )}
            <div className="lt-m-task-meta">
              上报：{event.reporterName} · {event.reportedAt}
            </div>
          </section>

          <section className="lt-m-card">
            <Typography.Text strong>现场照片（{event.attachments.length}）</Typography.Text>
            {event.attachments.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有照片" />
            ) : (
              <Image.PreviewGroup>
                <div className="lt-m-photo-grid lt-m-photo-grid-view">
                  {event.attachments.map((a) => (
                    <Image key={a.attachmentId} src={a.url} alt={`${a.step}照片`} className="lt-m-photo-view" />
                  ))}
                </div>
              </Image.PreviewGroup>
            )}
          </section>

          <section className="lt-m-card">
            <Typography.Text strong>处理记录</Typography.Text>
            <Timeline
              className="lt-m-timeline"
              items={event.logs.map((log) => ({
                key: log.logId,
                content: (
                  <>
                    <Typography.Text strong>{log.actionName}</Typography.Text>
                    <Typography.Text type="secondary">
                      {' '}
                      {log.actorName} · {log.at.slice(5, 16)}
                    </Typography.Text>
                    {log.note !== null && log.note !== '' && <div className="lt-m-note">{log.note}</div>}
                  </>
                ),
              }))}
            />
          </section>

          <ActionBar event={event} onAct={setActing} />
          {acting !== undefined && <ActionSheet event={event} button={acting} onClose={() => setActing(undefined)} />}
        </>
      )}
    </div>
  );
}

/** The offered actions as big buttons above the tab bar; dispatching points to the desktop page. */
function ActionBar({ event, onAct }: { event: EventDetailData; onAct(button: ActionButton): void }) {
  const buttons = actionButtons(event.actions);
  if (buttons.length === 0) return null;
  return (
    <div className="lt-m-actions">
      {buttons.map((b) =>
        b.dialog === 'dispatch' ? (
          <Link key={b.action} to={`/grid-events?eventId=${event.eventId}`} className="lt-m-action-link">
            <Button block size="large">
              {b.label}（电脑版）
            </Button>
          </Link>
        ) : (
          <Button
            key={b.action}
            block
            size="large"
            type={b.primary ? 'primary' : 'default'}
            danger={b.danger}
            onClick={() => onAct(b)}
          >
            {b.label}
          </Button>
        ),
      )}
    </div>
  );
}

/**
 * One action from the bottom of the screen: its note (required when the flow says so) and, for
 * 处置完成, the "after" photos — uploaded first with /adm/event/attach, then the transition; photos
 * already uploaded are not sent again when the transition is retried.
 */
function ActionSheet({ event, button, onClose }: { event: EventDetailData; button: ActionButton; onClose(): void }) {
  const [form] = Form.useForm<{ note?: string }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const withPhotos = button.action === 'finish';

  const run = useMutation({
    mutationFn: async (note: string) => {
      if (withPhotos && photos.length > 0) {
        setProgress(0);
        await postMultipart(
          '/adm/event/attach',
          attachFormData(event.eventId, '处置后', photos),
          eventAttachmentsResponse,
          {
            onProgress: setProgress,
          },
        );
        setPhotos([]);
      }
      return transitionEvent({ eventId: event.eventId, action: button.action, note });
    },
    onSuccess: (next) => {
      void message.success(`已${button.label}`);
      queryClient.setQueryData(eventKeys.detail(next.eventId), next);
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      onClose();
    },
    onError: (error) => {
      setProgress(undefined);
      setProblem(errorText(error));
      // The photos may have gone up before the transition failed: show them.
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.eventId) });
    },
  });

  return (
    <Drawer
      open
      placement="bottom"
      size="auto"
      title={button.label}
      onClose={onClose}
      destroyOnHidden
      className="lt-m-sheet"
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form
        form={form}
        layout="vertical"
        size="large"
        onValuesChange={() => setProblem(undefined)}
        onFinish={({ note }) => run.mutate(note?.trim() ?? '')}
        aria-label={button.label}
      >
        {button.dialog !== 'confirm' || withPhotos ? (
          <Form.Item
            name="note"
            label={button.dialog === 'note' ? '说明' : '说明（可选）'}
            required={button.dialog === 'note'}
            rules={
              button.dialog === 'note'
                ? [{ required: true, whitespace: true, message: `${button.label}需要填写说明` }]
                : []
            }
          >
            <Input.TextArea rows={3} maxLength={500} placeholder={withPhotos ? '处置了什么、结果如何' : undefined} />
          </Form.Item>
        ) : (
          <Typography.Paragraph>
            确定{button.label}「{event.title}」？
          </Typography.Paragraph>
        )}
        {withPhotos && (
          <Form.Item label="处置后照片">
            <PhotoPicker value={photos} onChange={setPhotos} />
          </Form.Item>
        )}
        {progress !== undefined && run.isPending && <Progress percent={progress} aria-label="上传进度" />}
        <Button
          type="primary"
          danger={button.danger}
          htmlType="submit"
          block
          loading={run.isPending}
          className="lt-m-submit"
        >
          {button.label}
        </Button>
      </Form>
    </Drawer>
  );
}
