import { ErrorCode } from '@lantian/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Result, Spin, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, errorText, onSessionProblem } from '../../shared/api';
import { SessionContext } from '../../shared/session/session-context';
import { PasswordForm } from './PasswordForm';
import { SignInPage } from './SignInPage';
import {
  signOut as callSignOut,
  getConfigure,
  getCurrentUser,
  getSessionStatus,
  getUserMenus,
  sessionKeys,
} from './session.api';

/** Until /zhhb/center/configure answers (it names the platform). */
const FALLBACK_TITLE = '蓝天生态环境综合管理平台';

/**
 * Everything of the console stands behind this gate. It asks who is signed in; without a session it
 * shows the sign-in page, with a password that must be changed it shows only that form, otherwise the
 * shell. It then asks the server every `pollSeconds` whether the session still stands, and any call
 * anywhere that answers 401 ends it at once: the operator is back at sign-in, told why.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [notice, setNotice] = useState<string | undefined>(undefined);

  const configure = useQuery({ queryKey: sessionKeys.configure, queryFn: ({ signal }) => getConfigure(signal) });
  const me = useQuery({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
  });
  const signedIn = me.data !== undefined && !me.data.mustChangePassword;
  const menus = useQuery({
    queryKey: sessionKeys.menus,
    queryFn: ({ signal }) => getUserMenus(signal),
    enabled: signedIn,
  });
  const pollSeconds = configure.data?.pollSeconds ?? 30;
  useQuery({
    queryKey: sessionKeys.status,
    queryFn: ({ signal }) => getSessionStatus(signal),
    enabled: me.data !== undefined,
    refetchInterval: pollSeconds * 1000,
    refetchIntervalInBackground: true,
    retry: false,
  });

  /**
   * Forget everything the previous session fetched and ask again who is signed in. The `me` query is
   * reset, not removed: the gate observes it, and a removed query would leave the gate on its old answer.
   */
  const restart = useCallback(() => {
    queryClient.removeQueries({
      predicate: (q) => !(q.queryKey[0] === 'session' && (q.queryKey[1] === 'configure' || q.queryKey[1] === 'me')),
    });
    void queryClient.resetQueries({ queryKey: sessionKeys.me });
  }, [queryClient]);

  useEffect(
    () =>
      onSessionProblem((error) => {
        if (error.code === ErrorCode.PASSWORD_CHANGE_REQUIRED) {
          void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
          return;
        }
        // Already showing the sign-in page: nothing to end.
        if (queryClient.getQueryData(sessionKeys.me) === undefined) return;
        setNotice(error.message);
        restart();
      }),
    [queryClient, restart],
  );

  const signOut = useCallback(async () => {
    try {
      await callSignOut();
    } catch (error) {
      // Signing out of a session the server already ended is still signing out.
      if (!(error instanceof ApiError && error.status === 401)) void message.error(errorText(error));
    }
    setNotice('您已退出登录');
    restart();
  }, [message, restart]);

  const title = configure.data?.title ?? FALLBACK_TITLE;
  const session = useMemo(
    () =>
      me.data !== undefined && configure.data !== undefined && menus.data !== undefined
        ? { operator: me.data, configure: configure.data, menus: menus.data, signOut }
        : null,
    [me.data, configure.data, menus.data, signOut],
  );

  if (me.isPending || (signedIn && (configure.isPending || menus.isPending))) {
    return (
      <div className="lt-gate-center">
        <Spin size="large" description="正在加载…" />
      </div>
    );
  }
  if (me.isError && me.error instanceof ApiError && me.error.status === 401) {
    const onSignedIn = () => {
      setNotice(undefined);
      restart();
    };
    return <SignInPage title={title} notice={notice} onSignedIn={onSignedIn} />;
  }
  const failed = me.error ?? configure.error ?? menus.error;
  if (failed !== null && failed !== undefined) {
    return (
      <div className="lt-gate-center">
        <Result
          status="error"
          title="平台暂时无法使用"
          subTitle={errorText(failed)}
          extra={
            <Button type="primary" onClick={restart}>
              重试
            </Button>
          }
        />
      </div>
    );
  }
  if (me.data?.mustChangePassword) {
    const operator = me.data;
    return (
      <div className="lt-gate-center">
        <Card className="lt-forced-password" title="首次登录，请修改密码">
          <Typography.Paragraph type="secondary">
            {operator.name}（{operator.username}），您的密码由管理员设定，修改后才能使用平台。
          </Typography.Paragraph>
          <PasswordForm
            username={operator.username}
            onChanged={() => {
              void message.success('密码已修改');
              void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
            }}
            onCancel={() => void signOut()}
          />
        </Card>
      </div>
    );
  }
  if (session === null) return null;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
