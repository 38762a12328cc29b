import { EditOutlined, GlobalOutlined, LinkOutlined } from '@ant-design/icons';
import { CONSOLE_BASE, MENU, type MenuKey, type Shortcut } from '@lantian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Col, Empty, List, Modal, Row, Skeleton, Space, Typography } from 'antd';
import { createElement, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { landsOnMobile, PREFER_DESKTOP_KEY } from '../../m/mobile';
import { errorText, useApiError } from '../../shared/api';
import { useSession } from '../../shared/session/session-context';
import { SECTION_PARTS } from '../sections';
import { getGoverSites, getShortcuts, saveMenuShortcuts, sessionKeys } from '../session/session.api';

/** Home: the operator's own shortcuts (kept on the server), a way to pick them, and the government sites. */
export function Home() {
  const { operator, menus } = useSession();
  // A grid member on a phone starts in the mobile view (unless they just left it for this one).
  const [toMobile] = useState(() =>
    landsOnMobile(window.innerWidth, operator.permissions, sessionStorage.getItem(PREFER_DESKTOP_KEY) === '1'),
  );
  const shortcuts = useQuery({ queryKey: sessionKeys.shortcuts, queryFn: ({ signal }) => getShortcuts(signal) });
  const sites = useQuery({ queryKey: sessionKeys.goverSites, queryFn: ({ signal }) => getGoverSites(signal) });
  const [editing, setEditing] = useState(false);

  if (toMobile) return <Navigate to="/m" replace />;
  return (
    <Space orientation="vertical" size={16} className="lt-home">
      <Card>
        <Typography.Title level={4} className="lt-home-hello">
          {operator.name}，您好
        </Typography.Title>
        <Typography.Text type="secondary">
          {operator.org.name} · 数据范围：{operator.org.areaName}
          {operator.lastLoginAt === null ? '' : ` · 上次登录 ${operator.lastLoginAt}`}
        </Typography.Text>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card
            title="快捷方式"
            extra={
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={menus.entries.length === 0}>
                设置
              </Button>
            }
          >
            {shortcuts.isPending ? (
              <Skeleton active />
            ) : shortcuts.isError ? (
              <Typography.Text type="danger">{errorText(shortcuts.error)}</Typography.Text>
            ) : shortcuts.data.length === 0 ? (
              <Empty description="还没有快捷方式，点“设置”从菜单中挑选常用功能" />
            ) : (
              <div className="lt-home-shortcuts">
                {shortcuts.data.map((s) => (
                  <ShortcutTile key={s.id} shortcut={s} />
                ))}
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title="政府网站">
            <List
              loading={sites.isPending}
              dataSource={sites.data ?? []}
              locale={{ emptyText: sites.isError ? errorText(sites.error) : '暂无' }}
              renderItem={(site) => (
                <List.Item>
                  <a href={site.url} target="_blank" rel="noreferrer">
                    <GlobalOutlined /> {site.name}
                  </a>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      {editing && (
        <ShortcutPicker
          current={(shortcuts.data ?? []).flatMap((s) => (s.menuKey === null ? [] : [s.menuKey]))}
          onClose={() => setEditing(false)}
        />
      )}
    </Space>
  );
}

/** A shortcut: a platform page opens in the console, any other address in a new tab. */
function ShortcutTile({ shortcut }: { shortcut: Shortcut }) {
  const parts = shortcut.menuKey === null ? undefined : SECTION_PARTS[shortcut.menuKey as MenuKey];
  const icon = parts === undefined ? <LinkOutlined /> : createElement(parts.icon);
  if (shortcut.shortcutType === 'menu' && shortcut.url.startsWith(CONSOLE_BASE)) {
    return (
      <Link to={`/${shortcut.url.slice(CONSOLE_BASE.length)}`} className="lt-home-shortcut">
        {icon}
        <span>{shortcut.name}</span>
      </Link>
    );
  }
  return (
    <a href={shortcut.url} target="_blank" rel="noreferrer" className="lt-home-shortcut">
      {icon}
      <span>{shortcut.name}</span>
    </a>
  );
}

/** Picks which menu entries are home shortcuts (saved in menu order with batchSaveUserShortCut). */
function ShortcutPicker({ current, onClose }: { current: string[]; onClose(): void }) {
  const { menus } = useSession();
  const { message } = App.useApp();
  const showError = useApiError();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string[]>(current);
  const save = useMutation({
    mutationFn: () => saveMenuShortcuts(MENU.map((m) => m.key).filter((k) => picked.includes(k))),
    onSuccess: (list) => {
      queryClient.setQueryData(sessionKeys.shortcuts, list);
      void message.success('快捷方式已保存');
      onClose();
    },
    onError: (error) => showError(error, '保存快捷方式'),
  });
  return (
    <Modal
      open
      title="设置快捷方式"
      okText="保存"
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Checkbox.Group
        className="lt-home-picker"
        value={picked}
        onChange={(v) => setPicked(v.map(String))}
        options={menus.entries.map((e) => ({ label: e.label, value: e.key }))}
      />
      <Typography.Paragraph type="secondary" className="lt-home-picker-note">
        只能选择您有权限的功能，按菜单顺序排列。
      </Typography.Paragraph>
    </Modal>
  );
}
