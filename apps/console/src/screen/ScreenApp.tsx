import type { LiveValue } from '@lantian/contracts';
import { liveValue } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../shared/api';
import { boundTexts, mergeValues, type ValueMap } from '../shared/konva/bound-values';
import { StageView } from '../shared/konva/StageView';
import { parseEventData } from '../shared/live/event-stream';
import { useEventStream } from '../shared/live/useEventStream';
import { fitScale, getScreen, getScreenValues, screenImageUrl, screenKeys, screenStreamUrl } from './screen.api';
import './screen.css';

const liveBatch = liveValue.array();

function useWindowSize() {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });
  useEffect(() => {
    const resize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return size;
}

/**
 * A published dashboard on a big screen (/platform/screen/<token>): no session, read-only, fitted to
 * the window, its values pushed live. When the token is revoked (unpublished, reset, deleted) the
 * stream says so and the screen says the dashboard is no longer published.
 */
export function ScreenApp({ token }: { token: string }) {
  const [revoked, setRevoked] = useState(false);
  const screen = useQuery({
    queryKey: screenKeys.config(token),
    queryFn: ({ signal }) => getScreen(token, signal),
    retry: false,
  });
  const first = useQuery({
    queryKey: screenKeys.values(token),
    queryFn: ({ signal }) => getScreenValues(token, signal),
    retry: false,
    enabled: screen.isSuccess,
  });
  const [pushed, setPushed] = useState<LiveValue[]>([]);
  const values: ValueMap = useMemo(
    () => mergeValues(mergeValues(new Map(), first.data ?? []), pushed),
    [first.data, pushed],
  );
  const size = useWindowSize();
  const config = screen.data?.list[0];

  useEventStream(
    screenStreamUrl(token),
    'values',
    (data) => {
      const parsed = liveBatch.safeParse(parseEventData(data));
      if (parsed.success) setPushed((list) => [...list.slice(-500), ...parsed.data]);
    },
    {
      enabled: config !== undefined && !revoked,
      onReconnect: () => void first.refetch(),
      others: { revoked: () => setRevoked(true) },
    },
  );

  useEffect(() => {
    if (config !== undefined) document.title = `${config.title} - 蓝天组态大屏`;
  }, [config]);

  // A stream closed by a revoked token reconnects and is refused: the next read says so too.
  useEffect(() => {
    if (config === undefined || revoked) return;
    const timer = setInterval(() => {
      getScreen(token).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) setRevoked(true);
      });
    }, 15_000);
    return () => clearInterval(timer);
  }, [config, revoked, token]);

  if (revoked || (screen.error instanceof ApiError && screen.error.status === 404)) {
    return (
      <div className="lt-screen lt-screen-message">
        <Result status="warning" title="该大屏已停止发布" subTitle="链接已失效，请向发布人索取新的链接。" />
      </div>
    );
  }
  if (config === undefined) {
    return (
      <div className="lt-screen lt-screen-message">
        {screen.isError ? (
          <Result status="error" title="大屏加载失败" subTitle="请检查网络后刷新页面。" />
        ) : (
          <Spin size="large" />
        )}
      </div>
    );
  }
  const scale = fitScale(config.konva.attrs, size);
  return (
    <main className="lt-screen" style={{ background: config.konva.attrs.background }}>
      <h1 className="lt-sr-only">{config.title}</h1>
      <StageView
        stage={config.konva}
        values={values}
        imageSrc={(id) => screenImageUrl(token, id)}
        scale={scale}
        animate
        label={config.title}
      />
      <ul className="lt-sr-only" aria-label="实时数据">
        {boundTexts(config.konva.children, values).map((v) => (
          <li key={v.id}>
            {v.label}：{v.text}
          </li>
        ))}
      </ul>
    </main>
  );
}
