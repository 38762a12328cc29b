import { CaretRightOutlined, PauseOutlined, StepBackwardOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Slider, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { getOutline, mapNameOf } from '../../shared/charts/outline';
import { useSession } from '../../shared/session/session-context';
import { HotspotReview } from './HotspotReview';
import {
  getDevices,
  getNewestScan,
  getPlots,
  getScans,
  getTree,
  lidarKeys,
  listHotspots,
  type ScanMeta,
  vfImageUrl,
} from './lidar.api';
import { clickTarget, HOTSPOT_LOOKS, lidarMapOption, shiftTime } from './lidar-map';

/** How long one scan stays on screen while the sequence plays. */
const PLAY_STEP_MS = 1500;

/**
 * 雷达地图: the lidars of the operator's area in a tree; the chosen lidar's scans of the last 12 hours
 * on a slider (上一次 / 下一次 / 播放), the chosen scan over the offline outline, the hot spots found in
 * it (click one to review it) and the polluter plots near it; below, the scan image with its colour
 * scale and the VF curtain of the last 24 hours.
 */
export function LidarMap() {
  const [params, setParams] = useSearchParams();
  const { operator } = useSession();
  const tree = useQuery({ queryKey: lidarKeys.tree, queryFn: ({ signal }) => getTree(signal) });
  const fixed = useQuery({ queryKey: lidarKeys.devices('L01'), queryFn: ({ signal }) => getDevices('L01', signal) });
  const deviceId = params.get('deviceId') ?? fixed.data?.[0]?.deviceId ?? null;
  const newest = useQuery({
    queryKey: lidarKeys.scan(deviceId ?? '', null),
    queryFn: ({ signal }) => getNewestScan(deviceId ?? '', signal),
    enabled: deviceId !== null,
    refetchInterval: 60_000,
  });
  const end = newest.data?.time ?? null;
  const scans = useQuery({
    queryKey: lidarKeys.scans(deviceId ?? '', end ?? '', 'list'),
    queryFn: ({ signal }) => getScans(deviceId ?? '', shiftTime(end ?? '', -12 * 3600), end ?? '', signal),
    enabled: deviceId !== null && end !== null,
  });
  const list: ScanMeta[] = scans.data ?? [];
  const [index, setIndex] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [review, setReview] = useState<string | null>(null);
  const current = list[index ?? list.length - 1] ?? newest.data ?? null;

  // A new lidar or a new list starts at the newest scan.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the lidar changes
  useEffect(() => {
    setIndex(null);
    setPlaying(false);
  }, [deviceId]);
  useEffect(() => {
    if (!playing || list.length === 0) return;
    const timer = setInterval(() => setIndex((i) => ((i ?? list.length - 1) + 1) % list.length), PLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [playing, list.length]);

  const hotspots = useQuery({
    queryKey: lidarKeys.hotspots({ deviceId: deviceId ?? '', end: current?.time ?? '' }),
    queryFn: ({ signal }) =>
      listHotspots(
        {
          startTime: shiftTime(current?.time ?? '', -24 * 3600),
          endTime: current?.time ?? '',
          siteIds: deviceId ?? '',
          pageSize: '100',
        },
        signal,
      ),
    enabled: deviceId !== null && current !== null,
  });
  const plots = useQuery({
    queryKey: lidarKeys.plots(deviceId ?? ''),
    queryFn: ({ signal }) => getPlots(deviceId ?? '', signal),
    enabled: deviceId !== null,
  });
  const outlineCode = fixed.data?.find((d) => d.deviceId === deviceId)?.areaCode ?? operator.org.areaCode;
  const outline = useQuery({
    queryKey: lidarKeys.outline(outlineCode),
    queryFn: ({ signal }) => getOutline(outlineCode, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const mapName = outline.data === undefined || outline.data === null ? undefined : mapNameOf(outline.data);
  const option = useMemo(
    () =>
      lidarMapOption({
        mapName,
        devices: fixed.data ?? [],
        scan: current,
        hotspots: hotspots.data?.list ?? [],
        plots: plots.data ?? [],
        selected: deviceId,
      }),
    [mapName, fixed.data, current, hotspots.data, plots.data, deviceId],
  );
  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('deviceId', id);
    setParams(next);
  };
  const onClick = useRef({ select, setReview });
  onClick.current = { select, setReview };
  const onReady = (chart: EChartsType) => {
    chart.on('click', (e) => {
      const target = clickTarget(e.data);
      if (target?.kind === 'hotspot') onClick.current.setReview(target.id);
      if (target?.kind === 'device') onClick.current.select(target.id);
    });
  };

  const position = index ?? list.length - 1;
  const step = (delta: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(list.length - 1, position + delta)));
  };

  return (
    <div className="lt-lidar-layout">
      <nav aria-label="雷达设备">
        {tree.isError && <Alert type="error" showIcon title={errorText(tree.error)} />}
        {tree.data !== undefined && tree.data.length === 0 && <Empty description="辖区内没有激光雷达" />}
        {tree.data !== undefined && tree.data.length > 0 && (
          <Tree
            defaultExpandAll
            selectedKeys={deviceId === null ? [] : [`device-${deviceId}`]}
            treeData={tree.data}
            onSelect={(_keys, info) => {
              const node = info.node as { deviceId?: string; type?: string };
              if (node.deviceId !== undefined && node.type === 'L01') select(node.deviceId);
            }}
          />
        )}
      </nav>
      <section aria-label="扫描图">
        <div className="lt-lidar-toolbar">
          <Space>
            <Button icon={<StepBackwardOutlined />} disabled={position <= 0} onClick={() => step(-1)}>
              上一次
            </Button>
            <Button icon={<StepForwardOutlined />} disabled={position >= list.length - 1} onClick={() => step(1)}>
              下一次
            </Button>
            <Button
              icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
              disabled={list.length < 2}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? '暂停' : '播放'}
            </Button>
          </Space>
          <Slider
            style={{ flex: 1, minWidth: 200 }}
            min={0}
            max={Math.max(0, list.length - 1)}
            value={position}
            onChange={(v) => {
              setPlaying(false);
              setIndex(v);
            }}
            tooltip={{ formatter: (v) => list[v ?? 0]?.time.slice(5, 16) ?? '' }}
            aria-label="扫描时间"
          />
          <Typography.Text strong aria-label="当前扫描时间">
            {current?.time ?? '—'}
          </Typography.Text>
          {current?.source === 'demo' && <Tag color="gold">演示数据</Tag>}
        </div>
        <Space size="middle" wrap>
          {Object.entries(HOTSPOT_LOOKS).map(([key, look]) => (
            <Tag key={key} color={look.color}>
              热点{look.name}
            </Tag>
          ))}
          <Tag color="#722ed1">污染源地块</Tag>
          <Typography.Text type="secondary">
            {current === null
              ? ''
              : `平均 PM2.5 约 ${current.stats.meanPm25} μg/m³，最高 ${current.stats.maxPm25} μg/m³`}
          </Typography.Text>
        </Space>
        {newest.isError && <Alert type="error" showIcon title={errorText(newest.error)} />}
        <Spin spinning={newest.isPending && deviceId !== null}>
          <EChart
            option={option}
            onReady={onReady}
            style={{ height: 520 }}
            ariaLabel={`激光雷达地图：${current === null ? '暂无扫描' : `${current.deviceName} ${current.time} 的扫描`}，热点 ${hotspots.data?.total ?? 0} 个`}
          />
        </Spin>
        {current !== null && deviceId !== null && (
          <div className="lt-lidar-images">
            <img src={current.imageUrl} alt={`水平扫描图 ${current.time}`} />
            <img src={vfImageUrl(deviceId, current.time)} alt="垂直廓线时间—高度图（24 小时）" />
          </div>
        )}
      </section>
      {review !== null && <HotspotReview id={review} onClose={() => setReview(null)} />}
    </div>
  );
}
