import type { EChartsCoreOption } from 'echarts/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { EChart } from '../../../shared/charts/EChart';
import { CHINA_MAP, useChinaMap } from '../china-map';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../QueryState';
import { useRadarLoop } from './monitor.api';
import { frameDelay, nextFrame, previousFrame } from './radar-loop';

/** The national mosaic's bounds, [west, south, east, north]: the map under the frames is laid out the same. */
const BOUNDS = [73, 12.2, 135, 54.2] as const;
const DBZ = [
  [5, '#00acf4'],
  [15, '#0000f6'],
  [20, '#00ff00'],
  [30, '#019000'],
  [35, '#ffff00'],
  [45, '#ff9000'],
  [50, '#ff0000'],
  [65, '#ff00f0'],
] as const;

const baseMap: EChartsCoreOption = {
  animation: false,
  geo: {
    map: CHINA_MAP,
    roam: false,
    silent: true,
    // One degree is one length both ways (the frames are drawn so), filling the box edge to edge.
    aspectScale: 1,
    boundingCoords: [
      [BOUNDS[0], BOUNDS[3]],
      [BOUNDS[2], BOUNDS[1]],
    ],
    left: 0,
    top: 0,
    right: 0,
    bottom: 0,
    itemStyle: { areaColor: '#eef2f6', borderColor: '#9aa6b5' },
    label: { show: false },
  },
};

/** 雷达回波: the last two hours of the national mosaic as a loop (play, pause, step) over the map. */
export function RadarCard() {
  const query = useRadarLoop();
  const frames = query.data?.frames ?? [];
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const map = useChinaMap(true);
  const count = frames.length;

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => nextFrame(i, count)), frameDelay(index, count));
    return () => clearTimeout(timer);
  }, [playing, index, count]);
  // Every frame is fetched once up front, so the loop does not stutter on its first pass.
  useEffect(() => {
    for (const f of frames) {
      const img = new Image();
      img.src = f.url;
    }
  }, [frames]);
  const option = useMemo(() => (map.state === 'ready' ? baseMap : undefined), [map.state]);

  // A refreshed loop may be shorter than the index reached: the index is clamped, not reset.
  const frame = frames[Math.min(index, Math.max(0, count - 1))];
  let body: ReactNode;
  if (query.isError && query.data === undefined)
    body = <ErrorBlock error={query.error} onRetry={() => query.refetch()} title="雷达图加载失败" />;
  else if (query.data === undefined) body = <LoadingBlock rows={4} label="雷达图加载中" />;
  else if (frame === undefined) body = <EmptyBlock>{query.data.message ?? '暂无雷达图像'}</EmptyBlock>;
  else
    body = (
      <>
        <div className="lt-mon-radar">
          {option ? (
            <EChart
              option={option}
              className="lt-mon-radar-map"
              style={{ height: undefined }}
              ariaLabel="全国地图（雷达底图）"
            />
          ) : null}
          <img className="lt-mon-radar-frame" src={frame.url} alt={`雷达组合反射率 ${frame.time}`} />
        </div>
        <div className="lt-mon-player">
          <button type="button" onClick={() => setIndex((i) => previousFrame(i, count))} aria-label="上一帧">
            ◀
          </button>
          <button type="button" onClick={() => setPlaying((p) => !p)}>
            {playing ? '暂停' : '播放'}
          </button>
          <button type="button" onClick={() => setIndex((i) => nextFrame(i, count))} aria-label="下一帧">
            ▶
          </button>
          <span className="lt-mon-time" data-testid="radar-time">
            {frame.time.slice(5, 16)}
          </span>
          <span className="lt-wx-muted lt-wx-small">
            {index + 1}/{count}
          </span>
          {frame.demo ? <span className="lt-demo-tag">演示数据</span> : null}
        </div>
        <ul className="lt-mon-dbz" aria-label="回波强度图例（dBZ）">
          {DBZ.map(([from, color]) => (
            <li key={from}>
              <i style={{ background: color }} />
              {from}
            </li>
          ))}
          <li>dBZ</li>
        </ul>
      </>
    );
  return (
    <section className="lt-wx-card lt-mon-card" aria-labelledby="lt-mon-radar-title">
      <header className="lt-wx-card-head">
        <h2 id="lt-mon-radar-title">雷达回波</h2>
      </header>
      {body}
    </section>
  );
}
