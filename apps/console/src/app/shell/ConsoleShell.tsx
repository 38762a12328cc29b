import { Layout, Menu, type MenuProps, Typography } from 'antd';
import { createElement, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { menuGroups, sectionAt } from '../section-menu';
import { SECTION_GROUPS, SECTIONS } from '../sections';
import './shell.css';

const TITLE = '蓝天 · 生态环境监管平台';

/** The menu, built from the section list once: planned sections are there, disabled, marked 即将上线. */
const MENU_ITEMS: MenuProps['items'] = menuGroups(SECTION_GROUPS, SECTIONS).map(({ group, sections }) => ({
  type: 'group',
  key: group.key,
  label: group.label,
  children: sections.map((s) =>
    s.planned
      ? { key: s.key, icon: createElement(s.icon), label: s.label, disabled: true, extra: '即将上线' }
      : { key: s.key, icon: createElement(s.icon), label: <Link to={`/${s.path}`}>{s.label}</Link> },
  ),
}));

/** The operator platform's frame: header, the sections' menu, and the current section in the content area. */
export function ConsoleShell() {
  const { pathname } = useLocation();
  const current = sectionAt(SECTIONS, pathname);

  useEffect(() => {
    document.title = current === undefined ? TITLE : `${current.label} · ${TITLE}`;
  }, [current]);

  return (
    <Layout className="lt-console">
      <Layout.Header className="lt-console-header">
        <Link to="/" className="lt-console-brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
          <Typography.Title level={4}>{TITLE}</Typography.Title>
        </Link>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={240} theme="light" breakpoint="md" collapsedWidth={0} className="lt-console-sider">
          <Menu
            mode="inline"
            className="lt-console-menu"
            aria-label="平台功能"
            items={MENU_ITEMS}
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
