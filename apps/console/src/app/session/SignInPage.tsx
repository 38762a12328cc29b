import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { signInBody } from '@lantian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, errorText } from '../../shared/api';
import { zodRule } from '../../shared/form/zod-form';
import { getCaptcha, type SignInForm, signIn } from './session.api';
import './session.css';

interface Props {
  title: string;
  /** Why the operator is here again (session ended, account disabled…), from the server's answer. */
  notice?: string;
  onSignedIn(): void;
}

type Fields = Omit<SignInForm, 'uuid'>;

/** Sign-in with username, password and the image captcha (spec §7 `POST /zhhb`). */
export function SignInPage({ title, notice, onSignedIn }: Props) {
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const captcha = useQuery({ queryKey: ['session', 'captcha'], queryFn: getCaptcha, staleTime: 100_000, gcTime: 0 });

  const submit = useMutation({
    mutationFn: (fields: Fields) => {
      if (captcha.data === undefined) throw new ApiError('验证码未加载，请点击图片刷新', 0, 0);
      return signIn({ ...fields, uuid: captcha.data.uuid });
    },
    onSuccess: () => onSignedIn(),
    onError: (error) => {
      setProblem(errorText(error));
      // A captcha is used up by any attempt: the next one needs a new picture and a new answer.
      form.setFieldValue('validateCode', '');
      void captcha.refetch();
    },
  });

  return (
    <main className="lt-signin">
      <Card className="lt-signin-card" variant="borderless">
        <div className="lt-signin-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={40} height={40} />
          <Typography.Title level={3}>{title}</Typography.Title>
        </div>
        <Typography.Paragraph type="secondary" className="lt-signin-sub">
          运营人员登录
        </Typography.Paragraph>
        {notice !== undefined && problem === undefined && (
          <Alert type="warning" showIcon title={notice} className="lt-signin-alert" />
        )}
        {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-signin-alert" />}
        <Form<Fields>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(fields) => submit.mutate(fields)}
          onValuesChange={() => setProblem(undefined)}
          aria-label="运营人员登录"
        >
          <Form.Item name="username" label="用户名" rules={[zodRule(signInBody, 'username')]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={64} />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[zodRule(signInBody, 'password')]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
          </Form.Item>
          <Form.Item label="验证码" required={false}>
            <div className="lt-signin-captcha">
              <Form.Item name="validateCode" noStyle rules={[zodRule(signInBody, 'validateCode')]}>
                <Input prefix={<SafetyOutlined />} autoComplete="off" maxLength={8} aria-label="验证码" />
              </Form.Item>
              <button
                type="button"
                className="lt-signin-captcha-img"
                onClick={() => void captcha.refetch()}
                title="看不清？换一张"
                aria-label="换一张验证码"
              >
                {captcha.data === undefined || captcha.isFetching ? (
                  captcha.isError ? (
                    <ReloadOutlined />
                  ) : (
                    <Spin size="small" />
                  )
                ) : (
                  <img src={`data:image/jpeg;base64,${captcha.data.img}`} alt="图片验证码" />
                )}
              </button>
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submit.isPending}>
            登录
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" className="lt-signin-foot">
          忘记密码请联系系统管理员重置。
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
