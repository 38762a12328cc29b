import type { OpenAppCredentials } from '@lantian/contracts';
import { Alert, Button, Checkbox, Descriptions, Modal, Typography } from 'antd';
import { useState } from 'react';
import { credentialsText } from './open-apps';

interface Props {
  credentials: OpenAppCredentials;
  /** A new registration, or a new secret for an existing application. */
  kind: 'created' | 'reset';
  onClose(): void;
}

/**
 * The key and secret, shown this once: the server keeps only the secret's hash. The dialog closes
 * only through its button, once the operator says the secret is saved, so that a stray click on
 * the mask or Esc cannot lose it.
 */
export function CredentialsDialog({ credentials, kind, onClose }: Props) {
  const [saved, setSaved] = useState(false);
  const { app, appKey, appSecret } = credentials;
  return (
    <Modal
      open
      width={640}
      title={kind === 'created' ? `应用已登记：${app.name}` : `密钥已重置：${app.name}`}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" disabled={!saved} onClick={onClose}>
          完成
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        title="密钥只显示这一次，请立即妥善保存"
        description={
          kind === 'created'
            ? '服务器只保存密钥的摘要，关闭后无法再次查看；遗失只能重置密钥。'
            : '原密钥及用它签发的令牌已立即失效，请尽快更新调用方的配置。关闭后无法再次查看新密钥。'
        }
        className="lt-form-alert"
      />
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'appKey',
            label: 'appKey',
            children: (
              <Typography.Text code copyable={{ tooltips: ['复制 appKey', '已复制'] }} className="lt-openapp-secret">
                {appKey}
              </Typography.Text>
            ),
          },
          {
            key: 'appSecret',
            label: 'appSecret',
            children: (
              <Typography.Text
                code
                strong
                copyable={{ tooltips: ['复制 appSecret', '已复制'] }}
                className="lt-openapp-secret"
              >
                {appSecret}
              </Typography.Text>
            ),
          },
        ]}
      />
      <div className="lt-openapp-credentials-actions">
        <Typography.Text copyable={{ text: credentialsText(credentials), tooltips: ['复制两项', '已复制两项'] }}>
          复制全部（appKey 与 appSecret）
        </Typography.Text>
        <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
          我已妥善保存 appSecret
        </Checkbox>
      </div>
    </Modal>
  );
}
