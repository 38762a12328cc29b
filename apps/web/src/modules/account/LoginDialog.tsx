import { Modal } from 'antd';
import { closeLoginDialog, type LoginMode } from './dialogs';
import { FindPasswordForm } from './FindPasswordForm';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
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
        {mode === 'registry' && <RegisterForm />}
        {mode === 'findpwd' && <FindPasswordForm />}
      </div>
    </Modal>
  );
}
