import { validatePhone, validateRegistrationForm } from '@lantian/domain';
import { App, Checkbox, Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { register, serverMessage } from './account.api';
import { openLoginDialog } from './dialogs';
import { ModeSwitch, PasswordInput, PhoneInput, SmsButton, SmsCodeInput, SubmitButton } from './LoginFields';
import { DURATION, TEXT } from './messages';
import { PASSED_PUZZLE_LINGER_MS, PuzzleOverlay } from './PuzzleOverlay';
import { refreshSession } from './session';
import { fieldStatus, useFieldErrors } from './useFieldErrors';
import { useSmsSender } from './useSmsSender';

/**
 * The registry mode of the login dialog (spec §4, §5 "Registry and find-password"): the slide puzzle
 * must be passed before an SMS code can be asked for.
 */
export function RegisterForm() {
  const { message: toast } = App.useApp();
  const [username, setUsername] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const [password, setPassword] = useState('');
  const [allowProtocal, setAllowProtocal] = useState(false);
  const [isPreVer, setIsPreVer] = useState(false);
  const [ticket, setTicket] = useState<string | null>(null);
  const [showPuzzle, setShowPuzzle] = useState(false);
  const [busy, setBusy] = useState(false);
  const sendAfterPass = useRef(false);
  const linger = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { errors, setErrors, clear, set } = useFieldErrors<
    'username' | 'verificationCode' | 'password' | 'allowProtocal' | 'isPreVer'
  >();
  const sms = useSmsSender('registry', 1);

  useEffect(() => () => clearTimeout(linger.current), []);

  // Spec §4: a new phone number undoes the verification, hides the puzzle and clears the code.
  const changePhone = (value: string) => {
    // A code the just-solved puzzle was about to ask for would go to the old number.
    clearTimeout(linger.current);
    sendAfterPass.current = false;
    setUsername(value);
    setIsPreVer(false);
    setTicket(null);
    setShowPuzzle(false);
    setVerificationCode('');
  };

  const openPuzzle = (thenSend: boolean) => {
    const phoneError = validatePhone(username);
    set('username', phoneError);
    if (phoneError !== null) return;
    clear('isPreVer');
    sendAfterPass.current = thenSend;
    setShowPuzzle(true);
  };

  const passed = (newTicket: string) => {
    setIsPreVer(true);
    setTicket(newTicket);
    linger.current = setTimeout(() => {
      setShowPuzzle(false);
      if (sendAfterPass.current) {
        sendAfterPass.current = false;
        setTicket(null);
        void sms.send(username.trim(), newTicket);
      }
    }, PASSED_PUZZLE_LINGER_MS);
  };

  const requestCode = async () => {
    if (sms.left > 0 || sms.sending) return;
    const phoneError = validatePhone(username);
    set('username', phoneError);
    if (phoneError !== null || !isPreVer) return;
    // A ticket is good for one code; a resend after the countdown asks for the puzzle again.
    if (ticket === null) {
      openPuzzle(true);
      return;
    }
    setTicket(null);
    await sms.send(username.trim(), ticket);
  };

  const submit = async () => {
    if (busy) return;
    const found: Partial<Record<'username' | 'verificationCode' | 'password' | 'allowProtocal' | 'isPreVer', string>> =
      validateRegistrationForm({ username, verificationCode, password, allowProtocal });
    if (!isPreVer && found.username === undefined) found.isPreVer = '请先完成安全验证';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await register({ phone: username.trim(), code: verificationCode.trim(), password });
      toast.success(TEXT.registered);
      refreshSession();
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
        <PhoneInput maxLength={11} value={username} onChange={changePhone} onFocus={() => clear('username')} />
      </Form.Item>
      <Form.Item {...fieldStatus(errors.isPreVer)}>
        <button
          type="button"
          className={isPreVer ? 'lt-login-verify lt-login-verify-passed' : 'lt-login-verify'}
          onClick={() => !isPreVer && openPuzzle(false)}
          aria-pressed={isPreVer}
        >
          {isPreVer ? '✓ 安全验证已通过' : '点击完成安全验证'}
        </button>
      </Form.Item>
      <Form.Item {...fieldStatus(errors.verificationCode)}>
        <div className="lt-login-row">
          <SmsCodeInput
            disabled={!isPreVer}
            value={verificationCode}
            onChange={setVerificationCode}
            onFocus={() => clear('verificationCode')}
          />
          <SmsButton left={sms.left} sending={sms.sending} disabled={!isPreVer} onClick={() => void requestCode()} />
        </div>
      </Form.Item>
      <Form.Item {...fieldStatus(errors.password)}>
        <PasswordInput
          placeholder="请设置6-18位密码"
          label="密码"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          onFocus={() => clear('password')}
        />
      </Form.Item>
      <Form.Item {...fieldStatus(errors.allowProtocal)} className="lt-login-agreement">
        <Checkbox
          checked={allowProtocal}
          onChange={(e) => {
            setAllowProtocal(e.target.checked);
            clear('allowProtocal');
          }}
        >
          我已阅读并同意
        </Checkbox>
        <a href="/terms.html" target="_blank" rel="noopener">
          《蓝天用户服务协议》
        </a>
      </Form.Item>
      <SubmitButton busy={busy} label="注册" busyLabel="注册中…" />
      <ModeSwitch prompt="已有账号？" to="login" action="返回登录" />
      {showPuzzle && (
        <PuzzleOverlay
          phone={username.trim()}
          onPass={passed}
          onFail={() => {
            setIsPreVer(false);
            setTicket(null);
          }}
          onClose={() => {
            clearTimeout(linger.current);
            sendAfterPass.current = false;
            setShowPuzzle(false);
          }}
        />
      )}
    </Form>
  );
}
