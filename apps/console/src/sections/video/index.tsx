import { VideoCameraOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, Segmented, Skeleton, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { useCan } from '../../shared/session/session-context';
import { CameraForm } from './CameraForm';
import { PtzPad } from './PtzPad';
import { VideoPlayer } from './VideoPlayer';
import { type VideoCamera, videoApi, videoKeys } from './video.api';
import './video.css';

export { VideoPlayer } from './VideoPlayer';
export { cameraPath } from './video.api';

interface Pane {
  deviceCode: string;
  channelid: number;
  title: string;
  ptz: boolean;
}

const ONLINE: Record<string, { status: 'success' | 'default' | 'error'; text: string }> = {
  online: { status: 'success', text: '在线' },
  offline: { status: 'error', text: '离线' },
  never: { status: 'default', text: '未上报心跳' },
};

function treeOf(cameras: VideoCamera[]): TreeDataNode[] {
  const sites = new Map<string, TreeDataNode & { children: TreeDataNode[] }>();
  for (const camera of cameras) {
    const site = sites.get(camera.siteCode) ?? {
      key: `site:${camera.siteCode}`,
      title: camera.siteName,
      selectable: false,
      children: [],
    };
    sites.set(camera.siteCode, site);
    const online = ONLINE[camera.online] ?? ONLINE.never;
    site.children.push({
      key: `camera:${camera.deviceCode}`,
      title: (
        <span>
          <VideoCameraOutlined /> {camera.name} <Badge status={online?.status} text={online?.text} />
        </span>
      ),
      children: camera.configured
        ? camera.channels.map((c) => ({
            key: `channel:${camera.deviceCode}:${c.channelid}`,
            title: `${c.name}${c.ptz ? '（云台）' : ''}`,
            isLeaf: true,
          }))
        : [
            {
              key: `none:${camera.deviceCode}`,
              title: '未登记视频配置',
              selectable: false,
              disabled: true,
              isLeaf: true,
            },
          ],
    });
  }
  return [...sites.values()];
}

const paneOf = (camera: VideoCamera, channel: VideoCamera['channels'][number]): Pane => ({
  deviceCode: camera.deviceCode,
  channelid: channel.channelid,
  title: `${camera.name} · ${channel.name}`,
  ptz: channel.ptz,
});

/**
 * 视频监控 (docs/VIDEO.md): the cameras of the operator's area by site, a 1- or 4-pane wall of live
 * players, and the PTZ pad of the selected pane (video:control). `/platform/video?device=<MN>` opens
 * that camera's channels — the address other sections (消防告警) link to.
 */
export default function VideoSection() {
  const [params, setParams] = useSearchParams();
  const canControl = useCan('video:control');
  const [layout, setLayout] = useState<1 | 4>(4);
  const [panes, setPanes] = useState<(Pane | null)[]>([null, null, null, null]);
  const [active, setActive] = useState(0);
  const cameras = useQuery({ queryKey: videoKeys.cameras, queryFn: ({ signal }) => videoApi.cameras(signal) });
  const list = useMemo(() => cameras.data?.list ?? [], [cameras.data]);
  const device = params.get('device');
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const current = list.find((c) => c.deviceCode === device);

  // The address names a camera: show its channels, the first in the selected pane.
  useEffect(() => {
    if (device === null || list.length === 0) return;
    const camera = list.find((c) => c.deviceCode === device);
    if (camera === undefined) return;
    const channels = camera.channels.map((c) => paneOf(camera, c));
    if (channels.length === 0) return;
    setLayout(channels.length > 1 ? 4 : 1);
    setPanes([0, 1, 2, 3].map((i) => channels[i] ?? null));
    setActive(0);
  }, [device, list]);

  const show = (pane: Pane) => {
    setPanes((current) => current.map((p, i) => (i === active ? pane : p)));
    if (layout === 4) setActive((active + 1) % 4);
  };

  const onSelect = (keys: React.Key[]) => {
    const key = String(keys[0] ?? '');
    const [kind, code, channel] = key.split(':');
    const camera = list.find((c) => c.deviceCode === code);
    if (camera === undefined) return;
    if (kind === 'channel') {
      const found = camera.channels.find((c) => c.channelid === Number(channel));
      if (found !== undefined) show(paneOf(camera, found));
    } else if (kind === 'camera') {
      setParams({ device: camera.deviceCode });
    }
  };

  const selected = panes[layout === 1 ? 0 : active] ?? null;
  const shown = layout === 1 ? [panes[active] ?? panes[0] ?? null] : panes;

  return (
    <div className="video-section">
      <Card
        title="摄像机"
        className="video-tree"
        size="small"
        extra={
          canControl && current !== undefined ? (
            <Button size="small" onClick={() => setEditing(true)}>
              视频配置
            </Button>
          ) : null
        }
      >
        {cameras.isPending ? (
          <Skeleton active />
        ) : cameras.isError ? (
          <Alert type="error" showIcon message={errorText(cameras.error)} />
        ) : list.length === 0 ? (
          <Empty description="辖区内没有摄像机（C01 设备）" />
        ) : (
          <Tree treeData={treeOf(list)} defaultExpandAll onSelect={onSelect} blockNode />
        )}
      </Card>
      <Card
        size="small"
        className="video-wall-card"
        title="实时视频"
        extra={
          <Segmented
            value={layout}
            onChange={(v) => setLayout(v as 1 | 4)}
            options={[
              { label: '单画面', value: 1 },
              { label: '四画面', value: 4 },
            ]}
          />
        }
      >
        <div className={`video-wall video-wall-${layout}`}>
          {shown.map((pane, i) => {
            const index = layout === 1 ? active : i;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the pane's player is the control; this only picks the pane
              <div
                key={index}
                className={`video-pane${index === active ? ' video-pane-active' : ''}`}
                onClick={() => setActive(index)}
              >
                {pane === null ? (
                  <div className="video-pane-empty">
                    <Typography.Text type="secondary">在左侧选择通道</Typography.Text>
                  </div>
                ) : (
                  <VideoPlayer key={`${pane.deviceCode}:${pane.channelid}`} {...pane} />
                )}
              </div>
            );
          })}
        </div>
        {selected?.ptz === true && canControl && (
          <PtzPad
            key={`${selected.deviceCode}:${selected.channelid}`}
            deviceCode={selected.deviceCode}
            channelid={selected.channelid}
          />
        )}
      </Card>
      {editing && current !== undefined && (
        <CameraForm
          camera={current}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void queryClient.invalidateQueries({ queryKey: videoKeys.cameras });
          }}
        />
      )}
    </div>
  );
}
