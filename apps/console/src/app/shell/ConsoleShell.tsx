import {
  BellOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MobileOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Badge, Dropdown, Layout, Menu, type MenuProps, Modal, Tooltip, Typography } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PREFER_DESKTOP_KEY } from '../../m/mobile';
import { useSession } from '../../shared/session/session-context';
import { menuGroups, sectionAt } from '../section-menu';
import { SECTIONS } from '../sections';
import { PasswordForm } from '../session/PasswordForm';
import { getTodoNum, sessionKeys } from '../session/session.api';
import './shell.css';

/** How often the header's badge asks for the number of things waiting. */
const TODO_POLL_MS = 60_000;

/** The operator platform's frame: header, the operator's menu, and the current section in the content area. */
export function ConsoleShell() {
  const { pathname } = useLocation();
  const { configure, menus } = useSession();
  const current = sectionAt(SECTIONS, pathname);

  useEffect(() => {
    document.title = current === undefined ? configure.title : `${current.label} · ${configure.title}`;
  }, [current, configure.title]);

  /** The server's menu (only what the operator may open), drawn with the console's icons; unbuilt screens say 即将上线. */
  const items: MenuProps['items'] = useMemo(() => {
    const allowed = new Set(menus.entries.map((e) => e.key));
    const sections = SECTIONS.filter((s) => allowed.has(s.key));
    return menuGroups(menus.groups, sections).map(({ group, sections: inGroup }) => ({
      type: 'group' as const,
      key: group.key,
      label: group.label,
      children: inGroup.map((s) =>
        s.load === undefined
          ? { key: s.key, icon: createElement(s.icon), label: s.label, disabled: true, extra: '即将上线' }
          : { key: s.key, icon: createElement(s.icon), label: <Link to={`/${s.path}`}>{s.label}</Link> },
      ),
    }));
  }, [menus]);

  return (
    <Layout className="lt-console">
      <Layout.Header className="lt-console-header">
        <Link to="/" className="lt-console-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
          <Typography.Title level={4}>{configure.title}</Typography.Title>
        </Link>
        <HeaderRight />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={240}
          theme="light"
          breakpoint="lg"
          collapsible
          collapsedWidth={64}
          className="lt-console-sider"
        >
          <Menu
            mode="inline"
            className="lt-console-menu"
            aria-label="平台功能"
            items={items}
            selectedKeys={current === undefined ? [] : [current.key]}
          />
        </Layout.Sider>
        <Layout.Content className="lt-console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** Todo badge, and the operator (name, organisation, area) with change password and sign-out. */
function HeaderRight() {
  const { operator, signOut } = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [changing, setChanging] = useState(false);
  const todo = useQuery({
    queryKey: sessionKeys.todo,
    queryFn: ({ signal }) => getTodoNum(signal),
    refetchInterval: TODO_POLL_MS,
  });
  const total = todo.data?.total ?? 0;

  const menu: MenuProps = {
    items: [
      { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
      { key: 'mobile', icon: <MobileOutlined />, label: '移动端视图' },
      { type: 'divider' },
      { key: 'signout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
    ],
    onClick: ({ key }) => {
      if (key === 'password') setChanging(true);
      if (key === 'mobile') {
        sessionStorage.removeItem(PREFER_DESKTOP_KEY);
        void navigate('/m');
      }
      if (key === 'signout') void signOut();
    },
  };

  return (
    <div className="lt-console-header-right">
      <Tooltip title={todo.data === undefined ? '待办' : `待办 ${todo.data.todo} · 未读通知 ${todo.data.notices}`}>
        <Badge count={total} size="small" overflowCount={99}>
          <BellOutlined className="lt-console-bell" aria-label={`待办 ${total}`} />
        </Badge>
      </Tooltip>
      <Dropdown menu={menu} trigger={['click']}>
        <button type="button" className="lt-console-user" aria-label="当前用户">
          <Avatar size="small" icon={<UserOutlined />} />
          <span className="lt-console-user-text">
            {operator.name}
            <small>
              {operator.org.name} · {operator.org.areaName}
            </small>
          </span>
          <DownOutlined />
        </button>
      </Dropdown>
      <Modal open={changing} title="修改密码" footer={null} onCancel={() => setChanging(false)} destroyOnHidden>
        <PasswordForm
          username={operator.username}
          onCancel={() => setChanging(false)}
          onChanged={() => {
            setChanging(false);
            void message.success('密码已修改，其他地方的登录已失效');
          }}
        />
      </Modal>
    </div>
  );
}
