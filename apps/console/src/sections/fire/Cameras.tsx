import { VideoCameraOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { consolePath, type FireCamera } from './fire.api';

/** The cameras linked to an alarm or a site, each a link to its video page, with its distance. */
export function Cameras({ cameras }: { cameras: readonly FireCamera[] }) {
  if (cameras.length === 0) return <Typography.Text type="secondary">附近无视频</Typography.Text>;
  return (
    <span className="lt-fire-cameras">
      {cameras.map((c) => (
        <Tooltip key={c.deviceId} title={`${c.siteName} · ${c.online === 'online' ? '在线' : '离线'}`}>
          <Link to={consolePath(c.url)} aria-label={`查看视频：${c.name}，距离 ${c.distance} 米`}>
            <VideoCameraOutlined /> {c.name}（{c.distance} 米）
          </Link>
        </Tooltip>
      ))}
    </span>
  );
}
