import type { DeviceRow } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { parseForm, setFieldErrors, showServerErrors, zodRule } from '../../shared/form/zod-form';
import { deviceRetireBody, retireDevice } from './devices.api';

interface Target {
  deviceId: string;
  name: string;
  mn: string;
}

/** 退役: the device's data stay readable, the gateway refuses its packets from now on. */
export function RetireDialog({
  device,
  onClose,
  onDone,
}: {
  device: Target;
  onClose(): void;
  onDone(row: DeviceRow): void;
}) {
  const [form] = Form.useForm<{ note?: string }>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const retire = useMutation({
    mutationFn: (body: ReturnType<typeof deviceRetireBody.parse>) => retireDevice(body),
    onSuccess: onDone,
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });
  const finish = ({ note }: { note?: string }) => {
    const parsed = parseForm(deviceRetireBody, { deviceId: device.deviceId, note: note ?? '' });
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    retire.mutate(parsed.data);
  };
  return (
    <Modal
      open
      title={`退役设备：${device.name}`}
      okText="退役"
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      confirmLoading={retire.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        className="lt-form-alert"
        title={`退役后网关将拒收 MN ${device.mn} 的报文，设备不再参与在线统计与告警；历史数据保留可查。退役不能撤销。`}
      />
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form form={form} layout="vertical" onFinish={finish} aria-label="退役设备">
        <Form.Item name="note" label="说明（可选）" rules={[zodRule(deviceRetireBody, 'note')]}>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：设备损坏，已拆除" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
