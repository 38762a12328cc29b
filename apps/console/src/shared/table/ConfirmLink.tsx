import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { errorText } from '../api';

interface Props {
  /** The question asked before acting, e.g. 删除「…」？ */
  title: string;
  label: string;
  danger?: boolean;
  action: () => Promise<unknown>;
  /** The queries the action changes (read again after it). */
  refresh: readonly unknown[];
  /** Said when it worked; nothing when left out. */
  done?: string;
}

/** A row's link-button that asks first, acts, refreshes the list and says what went wrong. */
export function ConfirmLink({ title, label, danger = true, action, refresh, done }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <Popconfirm
      title={title}
      onConfirm={async () => {
        try {
          await action();
          if (done !== undefined) message.success(done);
          void queryClient.invalidateQueries({ queryKey: refresh });
        } catch (err) {
          message.error(errorText(err));
        }
      }}
    >
      <Button type="link" size="small" danger={danger}>
        {label}
      </Button>
    </Popconfirm>
  );
}
