import { modifyPasswordBody, OPERATOR_PASSWORD_RULES, operatorPasswordProblem } from '@lantian/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { parseForm, setFieldErrors, showServerErrors } from '../../shared/form/zod-form';
import { changePassword, type PasswordForm as Fields } from './session.api';

interface Props {
  username: string;
  /** After the server accepted the new password (every other session of the operator has ended). */
  onChanged(): void;
  onCancel?: () => void;
}

/** Change one's own password: the rules are shown, and checked as typed with the server's own rule. */
export function PasswordForm({ username, onChanged, onCancel }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: () => onChanged(),
    onError: (error) => {
      if (!showServerErrors(form, error)) setProblem(errorText(error));
    },
  });

  const finish = (values: Fields) => {
    const parsed = parseForm(modifyPasswordBody, values);
    if (!parsed.ok) return setFieldErrors(form, parsed.errors);
    save.mutate(parsed.data);
  };

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={finish}
      onValuesChange={() => setProblem(undefined)}
      aria-label="修改密码"
    >
      <Alert type="info" showIcon title={`密码规则：${OPERATOR_PASSWORD_RULES.text}`} className="lt-password-rules" />
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-password-rules" />}
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        rules={[
          { required: true, message: '请输入新密码' },
          {
            validator: async (_rule, value: string | undefined) => {
              const text = value === undefined || value === '' ? null : operatorPasswordProblem(value, username);
              if (text !== null) throw new Error(text);
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <div className="lt-password-actions">
        {onCancel !== undefined && <Button onClick={onCancel}>取消</Button>}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          确认修改
        </Button>
      </div>
      <Typography.Paragraph type="secondary" className="lt-password-note">
        修改后，您在其他地方的登录将全部失效。
      </Typography.Paragraph>
    </Form>
  );
}
