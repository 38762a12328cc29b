import { validateFindPasswordForm, validatePhone } from '@lantian/domain';
import { App, Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { resetPassword, serverMessage } from './account.api';
import { openLoginDialog } from './dialogs';
import { ModeSwitch, PasswordInput, PhoneInput, SmsButton, SmsCodeInput, SubmitButton } from './LoginFields';
import { DURATION, TEXT } from './messages';
import { PASSED_PUZZLE_LINGER_MS, PuzzleOverlay } from './PuzzleOverlay';
import { fieldStatus, useFieldErrors } from './useFieldErrors';
import { useSmsSender } from './useSmsSender';

/** The find-password mode of the login dialog (spec §4, §5 "Registry and find-password"). */
export function FindPasswordForm() {
  const { message: toast } = App.useApp();
  const [username, setUsername] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const [password, setPassword] = useState('');
  const [showPuzzle, setShowPuzzle] = useState(false);
  const [busy, setBusy] = useState(false);
  const linger = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { errors, setErrors, clear, set } = useFieldErrors<'username' | 'verificationCode' | 'password'>();
  const sms = useSmsSender('findpwd', 0);

  useEffect(() => () => clearTimeout(linger.current), []);

  // Spec §2: sending a code opens the slide puzzle first.
  const requestCode = () => {
    if (sms.left > 0 || sms.sending) return;
    const phoneError = validatePhone(username);
    set('username', phoneError);
    if (phoneError === null) setShowPuzzle(true);
  };

  const passed = (ticket: string) => {
    linger.current = setTimeout(() => {
      setShowPuzzle(false);
      void sms.send(username.trim(), ticket);
    }, PASSED_PUZZLE_LINGER_MS);
  };

  const submit = async () => {
    if (busy) return;
    const found = validateFindPasswordForm({ username, verificationCode, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ phone: username.trim(), code: verificationCode.trim(), password });
      toast.success(TEXT.passwordReset);
      openLoginDialog('login');
    } catch (err) {
      toast.error({ content: serverMessage(err) ?? TEXT.connectionFailed, duration: DURATION.error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form component="form" layout="vertical" onFinish={submit} requiredMark={false} className="lt-login-form">
      <Form.Item {...fieldStatus(errors.username)}>
        <PhoneInput
          maxLength={11}
          value={username}
          onChange={(value) => {
            // A code the just-solved puzzle was about to ask for would go to the old number.
            clearTimeout(linger.current);
            setUsername(value);
            setShowPuzzle(false);
          }}
          onFocus={() => clear('username')}
        />
      </Form.Item>
      <Form.Item {...fieldStatus(errors.verificationCode)}>
        <div className="lt-login-row">
          <SmsCodeInput
            value={verificationCode}
            onChange={setVerificationCode}
            onFocus={() => clear('verificationCode')}
          />
          <SmsButton left={sms.left} sending={sms.sending} disabled={false} onClick={requestCode} />
        </div>
      </Form.Item>
      <Form.Item {...fieldStatus(errors.password)}>
        <PasswordInput
          placeholder="请输入6-18位新密码"
          label="新密码"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          onFocus={() => clear('password')}
        />
      </Form.Item>
      <SubmitButton busy={busy} label="重置密码" busyLabel="提交中…" />
      <ModeSwitch prompt="想起密码了？" to="login" action="返回登录" />
      {showPuzzle && (
        <PuzzleOverlay
          phone={username.trim()}
          onPass={passed}
          onFail={() => undefined}
          onClose={() => {
            clearTimeout(linger.current);
            setShowPuzzle(false);
          }}
        />
      )}
    </Form>
  );
}
