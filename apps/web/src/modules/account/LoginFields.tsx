import { Button, Input } from 'antd';
import { type LoginMode, openLoginDialog } from './dialogs';

/** The fields and buttons the login dialog's modes share, so each looks and reads the same in all of them. */

interface TextFieldProps {
  value: string;
  onChange: (value: string) => void;
  onFocus: () => void;
}

/** The phone field of all three modes (spec §3 forms: username is the phone). */
export function PhoneInput({ maxLength, value, onChange, onFocus }: TextFieldProps & { maxLength: number }) {
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

/** The password field of all three modes, each wording it its own way. */
export function PasswordInput({
  placeholder,
  label,
  autoComplete,
  value,
  onChange,
  onFocus,
}: TextFieldProps & { placeholder: string; label: string; autoComplete: 'current-password' | 'new-password' }) {
  return (
    <Input.Password
      size="large"
      placeholder={placeholder}
      aria-label={label}
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onFocus={onFocus}
    />
  );
}

/** The SMS code field of registry and find-password. */
export function SmsCodeInput({ value, onChange, onFocus, disabled = false }: TextFieldProps & { disabled?: boolean }) {
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

export function SmsButton({
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

/** A form's submit button; busy, it shows its busy text and is disabled (see LoginDialog on why no spinner). */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="primary" htmlType="submit" size="large" block disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A text button that turns the dialog to another mode. */
export function ModeLink({ to, children }: { to: LoginMode; children: string }) {
  return (
    <button type="button" className="lt-login-link" onClick={() => openLoginDialog(to)}>
      {children}
    </button>
  );
}

/** The line under a form that offers the other way in ("还没有账号？免费注册"). */
export function ModeSwitch({ prompt, to, action }: { prompt: string; to: LoginMode; action: string }) {
  return (
    <p className="lt-login-switch">
      {prompt}
      <ModeLink to={to}>{action}</ModeLink>
    </p>
  );
}
