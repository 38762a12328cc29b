import { App } from 'antd';
import { useEffect } from 'react';
import { attachToastSink } from '../toast';
import { AntdScope } from './AntdScope';

function Bridge() {
  const { message } = App.useApp();
  useEffect(() => {
    attachToastSink((kind, options) => void message[kind](options));
    return () => attachToastSink(undefined);
  }, [message]);
  return null;
}

/** Renders the toasts of {@link toast} with antd's message (loaded on the first toast). */
export default function ToastHost() {
  return (
    <AntdScope>
      <Bridge />
    </AntdScope>
  );
}
