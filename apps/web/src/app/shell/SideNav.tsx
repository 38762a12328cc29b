import {
  AreaChartOutlined,
  BarChartOutlined,
  CloudOutlined,
  CommentOutlined,
  DatabaseOutlined,
  PictureOutlined,
  ReadOutlined,
} from '@ant-design/icons';
import type { NavKey } from '@lantian/contracts/web-config';
import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AccountArea } from '../../modules/account';
import { AntdScope } from '../../shared/antd/AntdScope';
import { currentNavKey, navEntries } from './navigation';

const ICONS: Record<NavKey, ReactNode> = {
  air: <CloudOutlined />,
  cityAnalysis: <AreaChartOutlined />,
  rankAnalysis: <BarChartOutlined />,
  imageAnalysis: <PictureOutlined />,
  dataAnalysis: <DatabaseOutlined />,
  news: <ReadOutlined />,
};

/**
 * The side navigation (spec §2): the account area on top (filled by the accounts module), then the six
 * entries. A separate chunk: it loads when the menu button is first pressed or the page is idle.
 */
export default function SideNav({ open, onClose }: { open: boolean; onClose(): void }) {
  const current = currentNavKey(useLocation().pathname);
  return (
    <AntdScope>
      <Drawer
        open={open}
        onClose={onClose}
        placement="left"
        size={300}
        title="蓝天空气质量"
        rootClassName="lt-sidenav"
        closable={{ 'aria-label': '关闭导航菜单' }}
        footer={
          // Not one of the six spec entries: a small link to the public complaint form, below them.
          <Link to="/complaint" onClick={onClose} className="lt-sidenav-complaint">
            <CommentOutlined aria-hidden /> 投诉举报
          </Link>
        }
      >
        <div className="lt-sidenav-account">
          <AccountArea />
        </div>
        <nav aria-label="主导航">
          <ul className="lt-sidenav-list">
            {navEntries().map((entry) => (
              <li key={entry.key}>
                <a
                  className={entry.key === current ? 'lt-sidenav-link lt-sidenav-link-current' : 'lt-sidenav-link'}
                  href={entry.url}
                  target={entry.target}
                  rel={entry.target === '_blank' ? 'noopener noreferrer' : undefined}
                  aria-current={entry.key === current ? 'page' : undefined}
                  data-nav-key={entry.key}
                >
                  <span className="lt-sidenav-icon" aria-hidden>
                    {ICONS[entry.key]}
                  </span>
                  <span>{entry.label}</span>
                  {entry.target === '_blank' && <span className="lt-sidenav-external">新窗口</span>}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </Drawer>
    </AntdScope>
  );
}
