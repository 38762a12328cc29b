import {
  MESSAGES,
  normalizeUsername,
  validateFindPasswordForm,
  validateLoginForm,
  validatePhone,
  validateRegistrationForm,
} from '@lantian/domain';
import { App, Button, Checkbox, Form, Input, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type Captcha,
  checkSlidePuzzle,
  getCaptcha,
  getSlidePuzzle,
  login,
  register,
  resetPassword,
  sendSmsCode,
  serverMessage,
} from './account-api';
import { closeLoginDialog, type LoginMode, openLoginDialog } from './dialogs';
import { DURATION, TEXT, TIMING } from './messages';
import { forget, remember, rememberedPhone } from './remember';
import { SlideVerify } from './SlideVerify';
import { refreshSession } from './session';
import { LOGIN_DIALOG_PUZZLE } from './slide-verify-logic';
import { useCountdown } from './useCountdown';
import { fieldStatus, useFieldErrors } from './useFieldErrors';
import './login-dialog.css';

/**
 * The login dialog (spec §2 "Login dialog", §4 "Login dialog", §5 "Login", "Registry and
 * find-password", §8): three modes in one modal. Switching modes remounts the form, so returning to
 * login clears the forms and fetches a new captcha. Busy buttons change their text and are disabled
 * rather than using antd's `loading` spinner, whose exit animation was seen to stay behind when a
 * request returns within a frame or two.
 */

const TITLES: Record<LoginMode, string> = { login: '账号登录', registry: '免费注册', findpwd: '找回密码' };

export default function LoginDialog({ open, mode }: { open: boolean; mode: LoginMode }) {
  return (
    <Modal
      open={open}
      title={TITLES[mode]}
      onCancel={closeLoginDialog}
      footer={null}
      width={400}
      centered
      destroyOnHidden
      maskClosable={false}
      className="lt-login-modal"
    >
      <div className="lt-login">
        {mode === 'login' && <LoginForm />}
        {mode === 'registry' && <RegistryForm />}
        {mode === 'findpwd' && <FindPasswordForm />}
      </div>
    </Modal>
  );
}

function useToast() {
  const { message } = App.useApp();
  return message;
}

function LoginForm() {
  const toast = useToast();
  const [username, setUsername] = useState(() => rememberedPhone() ?? '');
  const [password, setPassword] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const [rememberMe, setRememberMe] = useState(() => rememberedPhone() !== null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, clear } = useFieldErrors<'username' | 'verificationCode'>();

  const loadCaptcha = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
      setCaptchaFailed(false);
    } catch {
      setCaptcha(null);
      setCaptchaFailed(true);
    }
  }, []);

  const refreshCaptcha = useCallback(() => {
    setVerificationCode('');
    void loadCaptcha();
  }, [loadCaptcha]);

  useEffect(() => {
    void loadCaptcha();
  }, [loadCaptcha]);

  const submit = async () => {
    if (busy) return;
    const found = validateLoginForm({ username, password, verificationCode });
    setErrors(found);
    if (found.verificationCode === MESSAGES.codeInvalid) refreshCaptcha();
    if (Object.keys(found).length > 0 || captcha === null) return;
    setBusy(true);
    const phone = normalizeUsername(username);
    try {
      await login({
        username: phone,
        password,
        verificationCode: verificationCode.trim(),
        uuid: captcha.uuid,
        remember: rememberMe,
      });
      if (rememberMe) remember(phone);
      else forget();
      refreshSession();
      closeLoginDialog();
    } catch (err) {
      toast.error({ content: serverMessage(err) ?? TEXT.connectionFailed, duration: DURATION.error });
      // The server spends a captcha on every check (GUIDE §7): the next try needs a new one.
      refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form component="form" layout="vertical" onFinish={submit} requiredMark={false} className="lt-login-form">
      <Form.Item {...fieldStatus(errors.username)}>
        <PhoneInput maxLength={20} value={username} onChange={setUsername} onFocus={() => clear('username')} />
      </Form.Item>
      <Form.Item>
        <Input.Password
          size="large"
          placeholder="请输入密码"
          aria-label="密码"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onFocus={() => clear('username')}
        />
      </Form.Item>
      <Form.Item {...fieldStatus(errors.verificationCode)}>
        <div className="lt-login-row">
          <Input
            size="large"
            placeholder="请输入验证码"
            aria-label="图形验证码"
            autoComplete="off"
            maxLength={4}
            value={verificationCode}
            onChange={(e) => setVerificationCode(e.target.value)}
            onFocus={() => clear('verificationCode')}
          />
          <button
            type="button"
            className="lt-login-captcha"
            onClick={refreshCaptcha}
            title="看不清？点击刷新"
            aria-label="看不清？点击刷新验证码"
          >
            {captcha !== null ? (
              <img src={captcha.img} alt="图形验证码" />
            ) : (
              <span>{captchaFailed ? '点击重试' : '加载中…'}</span>
            )}
          </button>
        </div>
      </Form.Item>
      <div className="lt-login-options">
        <Checkbox checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)}>
          记住密码
        </Checkbox>
        <button type="button" className="lt-login-link" onClick={() => openLoginDialog('findpwd')}>
          忘记密码？
        </button>
      </div>
      <Button type="primary" htmlType="submit" size="large" block disabled={busy} aria-busy={busy}>
        {busy ? '登录中…' : '登录'}
      </Button>
      <p className="lt-login-switch">
        还没有账号？
        <button type="button" className="lt-login-link" onClick={() => openLoginDialog('registry')}>
          免费注册
        </button>
      </p>
    </Form>
  );
}

/** Sending an SMS code: the puzzle ticket, the 120 s countdown and the spec §8 messages. */
function useSmsSender(purpose: LoginMode, isValidUser: 0 | 1) {
  const toast = useToast();
  const [left, startCountdown] = useCountdown(`sms-${purpose}`, TIMING.smsCountdownSeconds);
  const [sending, setSending] = useState(false);

  const send = async (phone: string, ticket: string): Promise<boolean> => {
    setSending(true);
    try {
      await sendSmsCode({ phone, isValidUser, ticket });
      startCountdown();
      toast.success('验证码已发送，请注意查收');
      return true;
    } catch (err) {
      const answer = serverMessage(err);
      if (answer !== null) toast.warning(answer);
      else toast.error(TEXT.smsSendFailed);
      return false;
    } finally {
      setSending(false);
    }
  };

  return { left, sending, send };
}

function PuzzleOverlay({
  phone,
  onPass,
  onFail,
  onClose,
}: {
  phone: string;
  onPass: (ticket: string) => void;
  onFail: () => void;
  onClose: () => void;
}) {
  const load = useCallback(
    (signal: AbortSignal) =>
      getSlidePuzzle({ height: LOGIN_DIALOG_PUZZLE.height, accuracy: LOGIN_DIALOG_PUZZLE.accuracy }, signal),
    [],
  );
  const check = useCallback(
    (release: { uuid: string; x: number; trail: number[] }) => checkSlidePuzzle({ ...release, phone }),
    [phone],
  );
  return (
    <div className="lt-login-puzzle">
      <SlideVerify
        width={LOGIN_DIALOG_PUZZLE.width}
        height={LOGIN_DIALOG_PUZZLE.height}
        loadPuzzle={load}
        checkPuzzle={check}
        onSuccess={({ ticket }) => onPass(ticket)}
        onFail={onFail}
        onAgain={onFail}
        onClose={onClose}
      />
    </div>
  );
}

/** How long the solved puzzle stays in view before the form comes back. */
const PASSED_PUZZLE_LINGER_MS = 600;

function SmsButton({
  left,
  sending,
  disabled,
  onClick,
}: {
  left: number;
  sending: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="large" className="lt-login-sms" disabled={disabled || sending || left > 0} onClick={onClick}>
      {sending ? '发送中…' : left > 0 ? `${left}s后重新获取` : '获取验证码'}
    </Button>
  );
}

function RegistryForm() {
  const toast = useToast();
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
        <Input.Password
          size="large"
          placeholder="请设置6-18位密码"
          aria-label="密码"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
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
      <Button type="primary" htmlType="submit" size="large" block disabled={busy} aria-busy={busy}>
        {busy ? '注册中…' : '注册'}
      </Button>
      <p className="lt-login-switch">
        已有账号？
        <button type="button" className="lt-login-link" onClick={() => openLoginDialog('login')}>
          返回登录
        </button>
      </p>
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

function FindPasswordForm() {
  const toast = useToast();
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
        <Input.Password
          size="large"
          placeholder="请输入6-18位新密码"
          aria-label="新密码"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onFocus={() => clear('password')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block disabled={busy} aria-busy={busy}>
        {busy ? '提交中…' : '重置密码'}
      </Button>
      <p className="lt-login-switch">
        想起密码了？
        <button type="button" className="lt-login-link" onClick={() => openLoginDialog('login')}>
          返回登录
        </button>
      </p>
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

interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  onFocus: () => void;
}

/** The phone field of all three modes (spec §3 forms: username is the phone). */
function PhoneInput({ maxLength, value, onChange, onFocus }: TextFieldProps & { maxLength: number }) {
  return (
    <Input
      size="large"
      placeholder="请输入手机号"
      aria-label="手机号"
      autoComplete="username"
      inputMode="tel"
      maxLength={maxLength}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onFocus={onFocus}
    />
  );
}

/** The SMS code field of registry and find-password. */
function SmsCodeInput({ value, onChange, onFocus, disabled = false }: TextFieldProps & { disabled?: boolean }) {
  return (
    <Input
      size="large"
      placeholder="请输入短信验证码"
      aria-label="短信验证码"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onFocus={onFocus}
    />
  );
}
