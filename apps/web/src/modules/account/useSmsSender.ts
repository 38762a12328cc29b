import { App } from 'antd';
import { useState } from 'react';
import { sendSmsCode, serverMessage } from './account.api';
import type { LoginMode } from './dialogs';
import { TEXT, TIMING } from './messages';
import { useCountdown } from './useCountdown';

/** Sending an SMS code: the puzzle ticket, the 120 s countdown and the spec §8 messages. */
export function useSmsSender(purpose: LoginMode, isValidUser: 0 | 1) {
  const { message: toast } = App.useApp();
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
