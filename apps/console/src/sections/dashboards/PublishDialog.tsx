import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { type ConfigRow, dashboardKeys, getToken, resetToken, setStatus } from './dashboards.api';

/**
 * 发布: a published dashboard opens on a big screen through its link, without signing in, read-only.
 * Stopping the publication or resetting the token ends every link handed out before, at once.
 */
export function PublishDialog({ config, onClose }: { config: ConfigRow; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [status, setLocalStatus] = useState(config.status);
  const [busy, setBusy] = useState(false);
  const token = useQuery({
    queryKey: dashboardKeys.token(config.id),
    queryFn: ({ signal }) => getToken(config.id, signal),
    enabled: status === 1,
  });
  const link = token.data === undefined ? '' : `${window.location.origin}${token.data.path}`;
  /** A new token is read again; a revoked one is forgotten (asking for it would be refused). */
  const run = async (work: () => Promise<unknown>, done: string, token: 'reload' | 'forget') => {
    setBusy(true);
    try {
      await work();
      message.success(done);
      void queryClient.invalidateQueries({ queryKey: ['dashboards', 'list'] });
      if (token === 'forget') queryClient.removeQueries({ queryKey: dashboardKeys.token(config.id) });
      else void queryClient.invalidateQueries({ queryKey: dashboardKeys.token(config.id) });
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={`发布：${config.title}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>状态：{status === 1 ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}</div>
        {status === 1 ? (
          <>
            <Typography.Text>嵌入链接（无需登录，只读）：</Typography.Text>
            <Input
              readOnly
              aria-label="嵌入链接"
              value={link}
              addonAfter={
                <a href={link} target="_blank" rel="noreferrer">
                  打开
                </a>
              }
            />
            <Space>
              <Button
                onClick={() => void navigator.clipboard?.writeText(link).then(() => message.success('已复制链接'))}
                disabled={link === ''}
              >
                复制链接
              </Button>
              <Popconfirm
                title="重置后旧链接立即失效，确定？"
                onConfirm={() => void run(() => resetToken(config.id), '令牌已重置，旧链接已失效', 'reload')}
              >
                <Button loading={busy}>重置令牌</Button>
              </Popconfirm>
              <Popconfirm
                title="停止发布后所有链接立即失效，确定？"
                onConfirm={() =>
                  void run(
                    async () => {
                      await setStatus(config.id, 0);
                      setLocalStatus(0);
                    },
                    '已停止发布',
                    'forget',
                  )
                }
              >
                <Button danger loading={busy}>
                  停止发布
                </Button>
              </Popconfirm>
            </Space>
          </>
        ) : (
          <>
            <Alert
              type="info"
              showIcon
              message="发布后生成嵌入链接：大屏浏览器打开即可显示，数据实时刷新；可随时停止发布或重置令牌。"
            />
            <Button
              type="primary"
              loading={busy}
              onClick={() =>
                void run(
                  async () => {
                    await setStatus(config.id, 1);
                    setLocalStatus(1);
                  },
                  '已发布',
                  'reload',
                )
              }
            >
              发布
            </Button>
          </>
        )}
      </Space>
    </Modal>
  );
}
