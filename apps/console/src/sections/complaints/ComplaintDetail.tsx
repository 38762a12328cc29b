import { CheckCircleOutlined, NodeExpandOutlined } from '@ant-design/icons';
import { complaintReplyBody, complaintToEventBody } from '@lantian/contracts';
import { EVENT_PRIORITIES } from '@lantian/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../shared/api';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { useCan } from '../../shared/session/session-context';
import { complaintActions, STATUS_COLORS, type TypeOption } from './complaint-view';
import { type ComplaintRow, complaintKeys, complaintToEvent, getComplaint, replyComplaint } from './complaints.api';

const PRIORITY_OPTIONS = Object.entries(EVENT_PRIORITIES).map(([value, label]) => ({ value: Number(value), label }));

/**
 * One complaint in full (the phone number unmasked), its answer or its event; and for a dispatcher
 * with the complaint still open: 转为事件 and 回复/办结.
 */
export function ComplaintDetail({ id, types, onClose }: { id: string; types: TypeOption[]; onClose(): void }) {
  const queryClient = useQueryClient();
  const canDispatch = useCan('grid:dispatch');
  const [dialog, setDialog] = useState<'toEvent' | 'reply' | undefined>(undefined);
  const detail = useQuery({ queryKey: complaintKeys.detail(id), queryFn: ({ signal }) => getComplaint(id, signal) });
  const c = detail.data;
  const actions = c === undefined ? { toEvent: false, reply: false } : complaintActions(c.status);

  const done = (row: ComplaintRow) => {
    setDialog(undefined);
    queryClient.setQueryData(complaintKeys.detail(row.id), row);
    void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
  };

  return (
    <Drawer
      open
      size={560}
      title={c === undefined ? '投诉详情' : `投诉 ${c.no}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        canDispatch &&
        c !== undefined && (
          <Space>
            {actions.toEvent && (
              <Button icon={<NodeExpandOutlined />} onClick={() => setDialog('toEvent')}>
                转为事件
              </Button>
            )}
            {actions.reply && (
              <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => setDialog('reply')}>
                回复/办结
              </Button>
            )}
          </Space>
        )
      }
    >
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {c === undefined && !detail.isError && <Skeleton active />}
      {c !== undefined && (
        <>
          <Typography.Title level={5} className="lt-complaint-title">
            {c.title} <Tag color={STATUS_COLORS[c.status]}>{c.statusName}</Tag>
          </Typography.Title>
          <div className="lt-complaint-content">{c.content}</div>
          <Descriptions size="small" column={1} bordered className="lt-complaint-info">
            <Descriptions.Item label="编号">
              <Typography.Text copyable className="lt-mono">
                {c.no}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="类别">{c.typeName}</Descriptions.Item>
            <Descriptions.Item label="来源">{c.sourceName}</Descriptions.Item>
            <Descriptions.Item label="收到时间">{c.createdAt}</Descriptions.Item>
            <Descriptions.Item label="地址">{c.address === '' ? '—' : c.address}</Descriptions.Item>
            <Descriptions.Item label="位置">
              {c.longitude === null || c.latitude === null ? '未提供' : `${c.longitude}, ${c.latitude}`}
            </Descriptions.Item>
            <Descriptions.Item label="联系人">{c.contactName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="联系电话">
              {c.phone === null ? '—' : <a href={`tel:${c.phone}`}>{c.phone}</a>}
            </Descriptions.Item>
            {c.eventId !== null && (
              <Descriptions.Item label="关联事件">
                <Link to={`/grid-events?eventId=${encodeURIComponent(c.eventId)}`}>查看事件 #{c.eventId}</Link>
              </Descriptions.Item>
            )}
            {c.reply !== null && <Descriptions.Item label="答复">{c.reply}</Descriptions.Item>}
            {c.handledAt !== null && (
              <Descriptions.Item label="处理">
                {c.handledByName ?? ''} {c.handledAt}
              </Descriptions.Item>
            )}
          </Descriptions>
          {dialog === 'toEvent' && (
            <ToEventDialog complaint={c} types={types} onClose={() => setDialog(undefined)} onDone={done} />
          )}
          {dialog === 'reply' && <ReplyDialog complaint={c} onClose={() => setDialog(undefined)} onDone={done} />}
        </>
      )}
    </Drawer>
  );
}

interface DialogProps {
  complaint: ComplaintRow;
  onClose(): void;
  onDone(row: ComplaintRow): void;
}

type ToEventValues = {
  priority?: number;
  title?: string;
  eventClassification?: string;
  longitude?: number | null;
  latitude?: number | null;
};

/** 转为事件: the event takes the complaint's title, type and position unless changed here. */
function ToEventDialog({ complaint, types, onClose, onDone }: DialogProps & { types: TypeOption[] }) {
  const [form] = Form.useForm<ToEventValues>();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const needsPosition = complaint.longitude === null || complaint.latitude === null;
  const send = useMutation({
    mutationFn: complaintToEvent,
    onSuccess: (row) => {
      void message.success(
        row.eventId === null ? (
          '已转为事件'
        ) : (
          <span>
            已转为事件 <Link to={`/grid-events?eventId=${encodeURIComponent(row.eventId)}`}>查看事件</Link>
          </span>
        ),
      );
      onDone(row);
    },
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });
  const submit = (values: ToEventValues) => {
    setProblem(undefined);
    const body = {
      id: complaint.id,
      priority: values.priority,
      title: values.title?.trim() === '' ? undefined : values.title,
      eventClassification: values.eventClassification,
      longitude: values.longitude ?? undefined,
      latitude: values.latitude ?? undefined,
    };
    const parsed = parseForm(complaintToEventBody, body);
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    send.mutate(parsed.data);
  };
  return (
    <Modal
      open
      title="转为网格事件"
      okText="转为事件"
      onOk={() => form.submit()}
      confirmLoading={send.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        转为事件后由网格按事件流程处置；事件结案时投诉自动办结，投诉人查询进度可见。
      </Typography.Paragraph>
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form<ToEventValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          priority: 3,
          title: complaint.title,
          eventClassification: complaint.type,
          longitude: complaint.longitude,
          latitude: complaint.latitude,
        }}
      >
        <Form.Item name="title" label="事件标题" rules={[zodRule(complaintToEventBody, 'title')]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="eventClassification" label="事件类别">
          <TreeSelect treeData={types} showSearch treeNodeFilterProp="title" aria-label="事件类别" />
        </Form.Item>
        <Form.Item name="priority" label="优先级">
          <Select options={PRIORITY_OPTIONS} aria-label="优先级" />
        </Form.Item>
        <Form.Item
          label={needsPosition ? '事件位置（投诉未提供位置，必填）' : '事件位置'}
          required={needsPosition}
          className="lt-complaint-coords"
        >
          <Space.Compact block>
            <Form.Item
              name="longitude"
              noStyle
              rules={needsPosition ? [{ required: true, message: '请填写经度' }] : []}
            >
              <InputNumber<number>
                placeholder="经度"
                min={73}
                max={136}
                precision={6}
                aria-label="经度"
                className="lt-complaint-coord"
              />
            </Form.Item>
            <Form.Item name="latitude" noStyle rules={needsPosition ? [{ required: true, message: '请填写纬度' }] : []}>
              <InputNumber<number>
                placeholder="纬度"
                min={3}
                max={54}
                precision={6}
                aria-label="纬度"
                className="lt-complaint-coord"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}

type ReplyValues = { status?: 'closed' | 'rejected'; reply?: string };

/** 回复/办结: the answer the citizen reads with the tracking number; 办结 or 不予受理. */
function ReplyDialog({ complaint, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<ReplyValues>();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const send = useMutation({
    mutationFn: replyComplaint,
    onSuccess: (row) => {
      void message.success(`已答复：${row.statusName}`);
      onDone(row);
    },
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });
  const submit = (values: ReplyValues) => {
    setProblem(undefined);
    const parsed = parseForm(complaintReplyBody, { id: complaint.id, ...values });
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    send.mutate(parsed.data);
  };
  return (
    <Modal
      open
      title={`答复投诉 ${complaint.no}`}
      okText="提交答复"
      onOk={() => form.submit()}
      confirmLoading={send.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form<ReplyValues> form={form} layout="vertical" onFinish={submit} initialValues={{ status: 'closed' }}>
        <Form.Item name="status" label="处理结果">
          <Radio.Group
            options={[
              { value: 'closed', label: '办结' },
              { value: 'rejected', label: '不予受理' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reply"
          label="答复内容（投诉人查询进度时可见）"
          required
          rules={[zodRule(complaintReplyBody, 'reply')]}
        >
          <Input.TextArea rows={5} maxLength={1000} showCount placeholder="处理情况与结果" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
