import { MESSAGES, normalizeUsername, validateLoginForm } from '@lantian/domain';
import { App, Checkbox, Form, Input } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Captcha, getCaptcha, login, needsPuzzle, serverMessage } from './account.api';
import { closeLoginDialog } from './dialogs';
import { ModeLink, ModeSwitch, PasswordInput, PhoneInput, SubmitButton } from './LoginFields';
import { DURATION, TEXT } from './messages';
import { PASSED_PUZZLE_LINGER_MS, PuzzleOverlay } from './PuzzleOverlay';
import { forget, remember, rememberedPhone } from './remember';
import { refreshSession } from './session';
import { fieldStatus, useFieldErrors } from './useFieldErrors';

/** The login mode of the login dialog: phone, password and image captcha (spec §4, §5 "Login"). */
export function LoginForm() {
  const { message: toast } = App.useApp();
  const [username, setUsername] = useState(() => rememberedPhone() ?? '');
  const [password, setPassword] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const [rememberMe, setRememberMe] = useState(() => rememberedPhone() !== null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, clear } = useFieldErrors<'username' | 'verificationCode'>();
  // After many tries for a phone the server wants the slide puzzle too (issue 16): its ticket, per phone.
  const [showPuzzle, setShowPuzzle] = useState(false);
  const [ticket, setTicket] = useState<{ phone: string; ticket: string } | null>(null);
  const linger = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(linger.current), []);

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
        ...(ticket?.phone === phone ? { ticket: ticket.ticket } : {}),
      });
      if (rememberMe) remember(phone);
      else forget();
      refreshSession();
      closeLoginDialog();
    } catch (err) {
      toast.error({ content: serverMessage(err) ?? TEXT.connectionFailed, duration: DURATION.error });
      if (needsPuzzle(err)) setShowPuzzle(true);
      // The server spends a captcha on every check (GUIDE §7): the next try needs a new one.
      refreshCaptcha();
    } finally {
      // A ticket is spent by the try it went with, whatever the answer.
      setTicket(null);
      setBusy(false);
    }
  };

  const puzzlePassed = (passed: string) => {
    setTicket({ phone: normalizeUsername(username), ticket: passed });
    linger.current = setTimeout(() => setShowPuzzle(false), PASSED_PUZZLE_LINGER_MS);
  };

  return (
    <Form component="form" layout="vertical" onFinish={submit} requiredMark={false} className="lt-login-form">
      <Form.Item {...fieldStatus(errors.username)}>
        <PhoneInput maxLength={20} value={username} onChange={setUsername} onFocus={() => clear('username')} />
      </Form.Item>
      <Form.Item>
        <PasswordInput
          placeholder="请输入密码"
          label="密码"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
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
        <ModeLink to="findpwd">忘记密码？</ModeLink>
      </div>
      <SubmitButton busy={busy} label="登录" busyLabel="登录中…" />
      <ModeSwitch prompt="还没有账号？" to="registry" action="免费注册" />
      {showPuzzle && (
        <PuzzleOverlay
          phone={normalizeUsername(username)}
          onPass={puzzlePassed}
          onFail={() => setTicket(null)}
          onClose={() => {
            clearTimeout(linger.current);
            setShowPuzzle(false);
          }}
        />
      )}
    </Form>
  );
}
