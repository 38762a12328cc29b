import { App, Avatar, Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { openChangePasswordDialog, openLoginDialog, useDialogs } from './dialogs';
import { performLogout } from './logout';
import { TEXT } from './messages';
import { useSession } from './session';
import './account.css';

/**
 * The account part of the side navigation (spec §2 "Side navigation menu (account part)") and the
 * dialogs it opens. The shell renders <AccountArea /> at the top of its side navigation; the dialogs
 * render in portals, so they work wherever it sits, and are loaded only when first opened.
 */

export { openLoginDialog } from './dialogs';
export { type Session, useSession } from './session';

const LoginDialog = lazy(() => import('./LoginDialog'));
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

/** Mounts a lazy dialog on first open and keeps it, so closing still animates. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return opened || open;
}

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2.25c-3.01 0-9 1.51-9 4.5V21h18v-2.25c0-2.99-5.99-4.5-9-4.5z"
      />
    </svg>
  );
}

export function AccountArea() {
  const session = useSession();
  const dialogs = useDialogs();
  const { modal } = App.useApp();
  const loginMounted = useOpenedOnce(dialogs.login !== null);
  const changeMounted = useOpenedOnce(dialogs.changePassword);
  const [lastMode, setLastMode] = useState(dialogs.login ?? 'login');
  if (dialogs.login !== null && dialogs.login !== lastMode) setLastMode(dialogs.login);

  const confirmLogout = () => {
    modal.confirm({
      title: TEXT.logoutTitle,
      content: TEXT.logoutQuestion,
      okText: '确定',
      cancelText: '取消',
      onOk: () => performLogout(),
    });
  };

  return (
    <section className="lt-account" aria-label="账号">
      <Avatar size={48} icon={<UserIcon />} className="lt-account-avatar" />
      {session.loggedIn ? (
        <div className="lt-account-body">
          <p className="lt-account-welcome">
            welcome, <span className="lt-account-user">{session.username}</span>
          </p>
          <div className="lt-account-actions">
            <Button size="small" ghost onClick={openChangePasswordDialog}>
              修改密码
            </Button>
            <Button size="small" ghost onClick={confirmLogout}>
              退出登录
            </Button>
          </div>
        </div>
      ) : (
        <div className="lt-account-body">
          <button type="button" className="lt-account-prompt" onClick={() => openLoginDialog('login')}>
            login/register
          </button>
        </div>
      )}
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDialog open={dialogs.login !== null} mode={dialogs.login ?? lastMode} />
        </Suspense>
      )}
      {changeMounted && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={dialogs.changePassword} />
        </Suspense>
      )}
    </section>
  );
}
