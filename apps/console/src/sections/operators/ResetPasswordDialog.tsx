import { OPERATOR_PASSWORD_RULES, type OperatorRow, operatorPasswordProblem } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { resetOperatorPassword } from './operators.api';

/** An administrator sets a new password: the operator's sessions end and the next sign-in must change it. */
export function ResetPasswordDialog({ row, onClose, onDone }: { row: OperatorRow; onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<{ password: string }>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const reset = useMutation({
    mutationFn: (password: string) => resetOperatorPassword(row.id, password),
    onSuccess: onDone,
    onError: (error) => setProblem(errorText(error)),
  });
  return (
    <Modal
      open
      title={`重置密码：${row.name}（${row.username}）`}
      okText="重置"
      onOk={() => form.submit()}
      confirmLoading={reset.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="重置后此人的所有登录立即失效，下次登录须修改密码。"
        className="lt-form-alert"
      />
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      <Form form={form} layout="vertical" onFinish={({ password }) => reset.mutate(password)} aria-label="重置密码">
        <Form.Item
          name="password"
          label="新密码"
          extra={OPERATOR_PASSWORD_RULES.text}
          rules={[
            { required: true, message: '请输入新密码' },
            {
              validator: async (_rule, value: string | undefined) => {
                const text = value ? operatorPasswordProblem(value, row.username) : null;
                if (text !== null) throw new Error(text);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
