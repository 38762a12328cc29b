import type { AlarmRow } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { acknowledgeAlarm, alarmAcknowledgeBody, alarmClearBody, clearAlarm } from './alarms.api';

export type HandleAction = 'acknowledge' | 'clear';

interface Props {
  alarm: AlarmRow;
  action: HandleAction;
  onClose(): void;
  onDone(row: AlarmRow): void;
}

const TEXT = {
  acknowledge: {
    title: '确认告警',
    label: '确认说明（可选）',
    placeholder: '如：已通知运维人员现场核查',
    help: '确认表示已知悉、正在处理；告警仍为未解除，条件消失后自动解除。',
  },
  clear: {
    title: '解除告警',
    label: '解除说明',
    placeholder: '如：现场核查为设备故障，已维修',
    help: '解除后此告警结束；若条件仍然存在，下次触发会产生新的告警。',
  },
} as const;

/** 确认 (note optional) or 解除 (note required) one alarm: checked with the call's own schema. */
export function HandleDialog({ alarm, action, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ note?: string }>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const text = TEXT[action];
  const schema = action === 'clear' ? alarmClearBody : alarmAcknowledgeBody;

  const save = useMutation({
    mutationFn: (call: () => Promise<AlarmRow>) => call(),
    onSuccess: onDone,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = ({ note }: { note?: string }) => {
    const body = { alarmId: alarm.alarmId, note: note ?? '' };
    if (action === 'clear') {
      const parsed = parseForm(alarmClearBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => clearAlarm(parsed.data));
    } else {
      const parsed = parseForm(alarmAcknowledgeBody, body);
      if (!parsed.ok) return setFieldErrors(form, parsed.errors);
      save.mutate(() => acknowledgeAlarm(parsed.data));
    }
  };

  return (
    <Modal
      open
      title={`${text.title}：${alarm.deviceName}`}
      okText="确定"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {alarm.typeName} · {alarm.itemName} · {alarm.message}
      </Typography.Paragraph>
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form
        form={form}
        layout="vertical"
        onFinish={finish}
        onValuesChange={() => setProblem(undefined)}
        aria-label={text.title}
      >
        <Form.Item
          name="note"
          label={text.label}
          required={action === 'clear'}
          rules={[
            ...(action === 'clear' ? [{ required: true, whitespace: true, message: '请填写解除说明' }] : []),
            zodRule(schema, 'note'),
          ]}
          extra={text.help}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={text.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
