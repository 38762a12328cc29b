import { Alert, Button, Drawer, Space } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  /** The drawer's width in pixels. */
  size?: number;
  onClose(): void;
  /** Submits the form inside; omitted, the drawer is read-only and offers 关闭 only. */
  onSave?: () => void;
  saving?: boolean;
  saveText?: string;
  saveDisabled?: boolean;
  /** What the server (or the network) refused, shown above the form until the next edit. */
  problem?: string;
  /** Notes above the form (built-in rows, effects of a change). */
  notices?: ReactNode;
  children: ReactNode;
}

/**
 * The drawer every add/edit form of the console sits in: title, 取消 and the save button at the top
 * (long forms keep them in reach), notes and the refusal above the form.
 */
export function FormDrawer({
  title,
  size = 520,
  onClose,
  onSave,
  saving = false,
  saveText = '保存',
  saveDisabled = false,
  problem,
  notices,
  children,
}: Props) {
  return (
    <Drawer
      open
      size={size}
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        onSave === undefined ? (
          <Button onClick={onClose}>关闭</Button>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={saving} disabled={saveDisabled} onClick={onSave}>
              {saveText}
            </Button>
          </Space>
        )
      }
    >
      {notices}
      {problem !== undefined && <Alert type="error" showIcon title={problem} className="lt-form-alert" />}
      {children}
    </Drawer>
  );
}
