import { App } from 'antd';
import { useCallback } from 'react';
import { isSessionProblem } from './client';
import { errorText } from './errors';

/**
 * Shows a failed call as an antd message (top of the page, a few seconds). `what` names what failed
 * ('刷新系统状态'); the same text twice replaces the first instead of stacking up.
 */
export function useApiError(): (error: unknown, what?: string) => void {
  const { message } = App.useApp();
  return useCallback(
    (error: unknown, what?: string) => {
      // An ended session or a required password change is the session gate's to show, once.
      if (isSessionProblem(error)) return;
      const text = what === undefined ? errorText(error) : `${what}失败：${errorText(error)}`;
      void message.error({ content: text, key: text });
    },
    [message],
  );
}
