import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin, Tag } from 'antd';
import Hls from 'hls.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../shared/api';
import { type StreamView, videoApi } from './video.api';

/** How often a player tells the server it still watches (and reads the stream's state). */
const POLL_MS = 5000;

type PlayerState = 'connecting' | 'live' | 'offline';

export interface VideoPlayerProps {
  deviceCode: string;
  channelid: number;
  title?: string;
}

/**
 * A live channel: asks the server to relay it (/lookout/stream/startVo, again every few seconds while
 * shown, which keeps the relay alive), plays the HLS with hls.js (Safari plays it natively), and
 * always says where it stands — 连接中, 直播 or 离线 with the server's reason and a retry button.
 */
export function VideoPlayer({ deviceCode, channelid, title }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<Hls | null>(null);
  const [state, setState] = useState<PlayerState>('connecting');
  const [reason, setReason] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const playing = useRef<string | null>(null);

  const detach = useCallback(() => {
    hls.current?.destroy();
    hls.current = null;
    playing.current = null;
  }, []);

  const attach = useCallback(
    (url: string) => {
      const element = video.current;
      if (element === null || playing.current === url) return;
      detach();
      playing.current = url;
      if (Hls.isSupported()) {
        const player = new Hls({ liveSyncDurationCount: 2, manifestLoadingMaxRetry: 4, levelLoadingMaxRetry: 4 });
        hls.current = player;
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // The relay is being restarted or the camera went away: the next poll tells which.
          detach();
          setState('connecting');
        });
        player.loadSource(url);
        player.attachMedia(element);
      } else {
        element.src = url;
      }
      void element.play().catch(() => undefined);
    },
    [detach],
  );

  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (view: StreamView) => {
      if (view.state === 'offline') {
        detach();
        setState('offline');
        setReason(view.reason ?? '摄像机无法连接');
        return;
      }
      setReason(null);
      if (view.state === 'live' && view.url !== null) {
        attach(view.url);
        setState((s) => (s === 'offline' || playing.current === null ? 'connecting' : s));
      } else setState('connecting');
    };
    const poll = async (first: boolean) => {
      try {
        apply(await videoApi.start(deviceCode, channelid, controller.signal));
      } catch (error) {
        if (controller.signal.aborted) return;
        detach();
        setState('offline');
        setReason(errorText(error));
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(false), first ? 1000 : POLL_MS);
    };
    setState('connecting');
    void poll(true);
    return () => {
      controller.abort();
      clearTimeout(timer);
      detach();
    };
  }, [deviceCode, channelid, attempt, attach, detach]);

  useEffect(() => {
    const element = video.current;
    if (element === null) return;
    const onPlaying = () => setState('live');
    element.addEventListener('playing', onPlaying);
    return () => element.removeEventListener('playing', onPlaying);
  }, []);

  return (
    <div className="video-player" data-state={state} data-device={deviceCode} data-channel={channelid}>
      <video ref={video} muted playsInline autoPlay />
      <div className="video-player-title">
        <span>{title ?? `${deviceCode} 通道 ${channelid}`}</span>
        {state === 'live' && <Tag color="red">直播</Tag>}
      </div>
      {state === 'connecting' && (
        <div className="video-player-overlay">
          <Spin />
          <span>正在连接摄像机…</span>
        </div>
      )}
      {state === 'offline' && (
        <div className="video-player-overlay video-player-offline">
          <strong>离线</strong>
          <span>{reason}</span>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
            重试
          </Button>
        </div>
      )}
    </div>
  );
}
