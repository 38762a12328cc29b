import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type { PtzCommand } from '@lantian/contracts';
import { App, Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { useApiError } from '../../shared/api';
import { videoApi } from './video.api';

/**
 * The PTZ pad: hold a button to move (ONVIF ContinuousMove), release or leave it to stop. The stop is
 * sent after the move's answer, so a quick click never leaves the camera turning.
 */
export function PtzPad({ deviceCode, channelid }: { deviceCode: string; channelid: number }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const moving = useRef<Promise<unknown> | null>(null);

  const press = (command: PtzCommand) => {
    moving.current = videoApi.ptz(deviceCode, channelid, command).catch((error: unknown) => {
      showError(error, '云台控制');
    });
  };
  const release = () => {
    const pending = moving.current;
    if (pending === null) return;
    moving.current = null;
    void pending
      .then(() => videoApi.ptz(deviceCode, channelid, 'stop'))
      .catch(() => {
        message.warning('云台停止命令未送达，请再点一次');
      });
  };
  const key = (command: PtzCommand, icon: ReactNode, label: string) => (
    <Button
      aria-label={label}
      title={label}
      icon={icon}
      data-ptz={command}
      onPointerDown={() => press(command)}
      onPointerUp={release}
      onPointerLeave={release}
    />
  );
  return (
    <div className="ptz-pad">
      <Typography.Text type="secondary">云台（按住移动，松开停止）</Typography.Text>
      <div className="ptz-grid">
        <span />
        {key('up', <ArrowUpOutlined />, '上')}
        <span />
        {key('left', <ArrowLeftOutlined />, '左')}
        <span className="ptz-centre" />
        {key('right', <ArrowRightOutlined />, '右')}
        <span />
        {key('down', <ArrowDownOutlined />, '下')}
        <span />
      </div>
      <div className="ptz-zoom">
        {key('zoomin', <ZoomInOutlined />, '放大')}
        {key('zoomout', <ZoomOutOutlined />, '缩小')}
      </div>
    </div>
  );
}
