import { PauseCircleOutlined, PlayCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Segmented, Slider, Space, Spin, Typography } from 'antd';
import { LinesChart } from 'echarts/charts';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EChart } from '../../shared/charts/EChart';
import { echarts } from '../../shared/charts/echarts';
import { chinaClock, eventIdOf, type MapEvent, replaySeries, type TrackTuple, trackMapOption } from './patrol-view';
import { getOutline, type Outline, patrolKeys } from './patrols.api';

// The track is a `lines` series; only this section draws one, so it joins the shared build here.
echarts.use([LinesChart]);

const registered = new Set<string>();

/** Registers the operator's outline with ECharts once. */
function mapNameOf(outline: Outline): string {
  const name = 'lt-patrol-outline';
  if (!registered.has(name)) {
    echarts.registerMap(name, JSON.stringify(outline));
    registered.add(name);
  }
  return name;
}

/** How long a whole replay takes, by speed. */
const SPEEDS = [
  { value: 60, label: '慢' },
  { value: 25, label: '中' },
  { value: 10, label: '快' },
];

/**
 * The track on the operator's area map, and its replay: 回放 moves a marker along the track (the
 * walked part drawn strong behind it) over 10–60 s, the slider scrubs to any moment; the events
 * reported on the way are pins that open the event.
 */
export function TrackReplay({ track, events }: { track: readonly TrackTuple[]; events: readonly MapEvent[] }) {
  const navigate = useNavigate();
  const outline = useQuery({
    queryKey: patrolKeys.outline,
    queryFn: ({ signal }) => getOutline(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const start = track[0]?.[2] ?? 0;
  const end = track[track.length - 1]?.[2] ?? 0;
  const [t, setT] = useState(end);
  // The replay clock reads the moment here (a state updater runs too late to say "the end is reached").
  const at = useRef(end);
  at.current = t;
  const [playing, setPlaying] = useState(false);
  const [seconds, setSeconds] = useState(25);

  const mapName = outline.data === undefined ? undefined : mapNameOf(outline.data);
  const coordinateSystem = mapName === undefined ? 'cartesian2d' : 'geo';
  // The base option changes only with the data; the moving parts are merged in below, so that the
  // operator's zoom and pan survive the replay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: t is merged in by the effect below
  const option = useMemo(() => trackMapOption(track, events, mapName, t), [track, events, mapName]);

  const chart = useRef<EChartsType | undefined>(undefined);
  const go = useRef(navigate);
  go.current = navigate;
  const onReady = (instance: EChartsType) => {
    chart.current = instance;
    instance.on('click', (e) => {
      const id = eventIdOf(e.data);
      if (id !== undefined) void go.current(`/grid-events?eventId=${encodeURIComponent(id)}`);
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new base option resets the moving parts; merge them in again
  useEffect(() => {
    chart.current?.setOption({ series: replaySeries(track, t, coordinateSystem) });
  }, [track, t, coordinateSystem, option]);

  // The replay clock: the marker advances by the track's time over `seconds` of real time.
  useEffect(() => {
    if (!playing) return;
    const rate = (end - start) / (seconds * 1000);
    let last = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const dt = now - last;
      // About 30 frames a second is smooth enough and half the work.
      if (dt >= 33) {
        last = now;
        const next = Math.min(end, at.current + dt * rate);
        at.current = next;
        setT(next);
        if (next >= end) {
          setPlaying(false);
          return;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, seconds, start, end]);

  const play = () => {
    if (!playing && t >= end) {
      at.current = start;
      setT(start);
    }
    setPlaying((p) => !p);
  };

  if (track.length === 0) {
    return <Alert type="info" showIcon title="这次巡查没有上传轨迹点" className="lt-form-alert" />;
  }

  return (
    <div className="lt-patrol-replay">
      <Spin spinning={outline.isPending}>
        <EChart
          option={option}
          onReady={onReady}
          className="lt-patrol-map"
          style={{ height: 'calc(100vh - 420px)', minHeight: 420 }}
          ariaLabel={`巡查轨迹地图：${track.length} 个轨迹点，${events.length} 个上报事件`}
        />
      </Spin>
      <div className="lt-patrol-controls">
        <Button
          type="primary"
          icon={playing ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
          onClick={play}
          disabled={track.length < 2}
        >
          {playing ? '暂停' : '回放'}
        </Button>
        <Button
          icon={<RollbackOutlined />}
          onClick={() => {
            setPlaying(false);
            setT(end);
          }}
          aria-label="显示全程"
        >
          全程
        </Button>
        <Slider
          className="lt-patrol-slider"
          min={start}
          max={Math.max(end, start + 1)}
          step={1000}
          value={t}
          onChange={(value) => {
            setPlaying(false);
            setT(value);
          }}
          tooltip={{ formatter: (v) => (v === undefined ? '' : chinaClock(v)) }}
          aria-label="回放时间"
        />
        <Typography.Text className="lt-patrol-time" aria-live="off">
          {chinaClock(t)}
        </Typography.Text>
        <Space size={4}>
          <Typography.Text type="secondary">速度</Typography.Text>
          <Segmented size="small" value={seconds} onChange={(v) => setSeconds(Number(v))} options={SPEEDS} />
        </Space>
      </div>
      {outline.data === undefined && !outline.isPending && (
        <Typography.Text type="secondary">没有区域轮廓地图，轨迹按经纬度显示。</Typography.Text>
      )}
    </div>
  );
}
