import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Typography } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useMemo, useRef } from 'react';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { echarts } from '../../shared/charts/echarts';
import { useSession } from '../../shared/session/session-context';
import { eventKeys, getAreaGeoJson, getGridGeoJson } from './events.api';
import { mergeOutlines, positionMapOption, usablePoint } from './position-map';

const registered = new Set<string>();

interface Props {
  value: [number, number] | undefined;
  onPick(point: [number, number]): void;
  height?: number;
}

/**
 * Picks the event's position with a click on the operator's area (its outline from
 * /sys/area/getCurrentGeoJson), with the county's grids drawn on top when /adm/grid/getGridGeojsonData
 * answers for the area (an operator above county level gets only the outline).
 */
export function PositionMap({ value, onPick, height = 320 }: Props) {
  const { operator } = useSession();
  const areaCode = operator.org.areaCode;
  const area = useQuery({
    queryKey: eventKeys.areaMap,
    queryFn: ({ signal }) => getAreaGeoJson(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const grids = useQuery({
    queryKey: eventKeys.gridMap(areaCode),
    queryFn: ({ signal }) => getGridGeoJson(areaCode, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const settled = !area.isPending && !grids.isPending;

  const map = useMemo(() => {
    if (!settled) return undefined;
    const merged = mergeOutlines(area.data, grids.data);
    if (merged.empty) return undefined;
    const name = `lt-event-map-${areaCode}-${merged.gridNames.length}`;
    if (!registered.has(name)) {
      echarts.registerMap(name, merged.text);
      registered.add(name);
    }
    return { name, gridNames: merged.gridNames };
  }, [settled, area.data, grids.data, areaCode]);

  const option = useMemo(
    () => (map === undefined ? {} : positionMapOption(map.name, map.gridNames, value)),
    [map, value],
  );

  const pick = useRef(onPick);
  pick.current = onPick;
  const onReady = (chart: EChartsType) => {
    // Anywhere on the canvas, not only on a region: a point between two grids is a point too.
    chart.getZr().on('click', (e) => {
      if (!chart.getOption()?.geo) return;
      const point = chart.convertFromPixel({ geoIndex: 0 }, [e.offsetX, e.offsetY]);
      if (Array.isArray(point) && usablePoint(point)) pick.current([point[0], point[1]]);
    });
  };

  if (settled && map === undefined) {
    return (
      <Alert
        type="info"
        showIcon
        title={area.isError ? `无法加载地图：${errorText(area.error)}` : '本辖区暂无地图轮廓'}
        description="请直接填写经度、纬度。"
      />
    );
  }
  return (
    <Spin spinning={!settled}>
      <EChart
        option={option}
        onReady={onReady}
        style={{ height }}
        className="lt-event-map"
        ariaLabel="事件位置地图：点击地图选择事件位置，滚轮缩放、拖动平移"
      />
      <Typography.Text type="secondary" className="lt-event-sub">
        点击地图选择位置{map !== undefined && map.gridNames.length > 0 ? '，蓝色虚线为网格边界' : ''}
        ；滚轮缩放、拖动平移。
      </Typography.Text>
    </Spin>
  );
}
