import { MESSAGES, validateConfirmPassword, validatePassword } from '@lantian/domain';
import { App, Button, Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { serverMessage, updatePassword } from './account.api';
import { closeChangePasswordDialog } from './dialogs';
import { performLogout } from './logout';
import { DURATION, TEXT, TIMING } from './messages';
import { forget } from './remember';
import { fieldStatus, useFieldErrors } from './useFieldErrors';
import './login-dialog.css';

/**
 * The change-password dialog (spec §2, §4 "Change password", §5 "Change-password dialog", §8): the
 * old password is checked on submit, the new one and its confirmation on blur and on submit; focusing
 * a field clears its error. After success the visitor is logged out, 1.8 s later.
 */

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';

export default function ChangePasswordDialog({ open }: { open: boolean }) {
  return (
    <Modal
      open={open}
      title="修改密码"
      onCancel={closeChangePasswordDialog}
      footer={null}
      width={400}
      centered
      destroyOnHidden
      maskClosable={false}
    >
      <ChangePasswordForm />
    </Modal>
  );
}

function ChangePasswordForm() {
  const { message } = App.useApp();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const { errors, setErrors, clear, set } = useFieldErrors<Field>();
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(logoutTimer.current), []);

  const submit = async () => {
    if (submitting || done) return;
    const found: Partial<Record<Field, string>> = {};
    if (oldPassword === '') found.oldPassword = MESSAGES.passwordEmpty;
    const newError = validatePassword(newPassword);
    if (newError !== null) found.newPassword = newError;
    const confirmError = validateConfirmPassword(newPassword, confirmPassword);
    if (confirmError !== null) found.confirmPassword = confirmError;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await updatePassword({ oldPassword, newPassword, confirmPassword });
      setDone(true);
      message.success(TEXT.passwordChanged);
      forget();
      // The message is read first; then the session ends everywhere and the visitor logs in again.
      logoutTimer.current = setTimeout(() => void performLogout(), TIMING.logoutAfterPasswordChangeMs);
    } catch (err) {
      message.error({ content: serverMessage(err) ?? TEXT.connectionFailed, duration: DURATION.error });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form component="form" layout="vertical" onFinish={submit} requiredMark={false} className="lt-login-form">
      <Form.Item label="原密码" {...fieldStatus(errors.oldPassword)}>
        <Input.Password
          size="large"
          placeholder="请输入原密码"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
          onFocus={() => clear('oldPassword')}
        />
      </Form.Item>
      <Form.Item label="新密码" {...fieldStatus(errors.newPassword)}>
        <Input.Password
          size="large"
          placeholder="请输入6-18位新密码"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          onFocus={() => clear('newPassword')}
          onBlur={() => set('newPassword', validatePassword(newPassword))}
        />
      </Form.Item>
      <Form.Item label="确认新密码" {...fieldStatus(errors.confirmPassword)}>
        <Input.Password
          size="large"
          placeholder="请再次输入新密码"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          onFocus={() => clear('confirmPassword')}
          onBlur={() => set('confirmPassword', validateConfirmPassword(newPassword, confirmPassword))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block disabled={submitting || done} aria-busy={submitting}>
        {submitting ? 'submitting' : '确认修改'}
      </Button>
    </Form>
  );
}
