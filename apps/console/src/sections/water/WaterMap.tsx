import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Spin } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { fitArea } from '../../shared/charts/fit-area';
import { getOutline, mapNameOf } from '../../shared/charts/outline';
import { useSession } from '../../shared/session/session-context';
import { ClassTag } from './ClassTag';
import { waterApi, waterKeys } from './water.api';
import { CLASS_LEGEND, stationIdOf, stationMapOption } from './water-charts';

/** 水质地图: the stations on the area's outline in their class colours; a click opens the station. */
export function WaterMap() {
  const { operator } = useSession();
  const navigate = useNavigate();
  const stations = useQuery({
    queryKey: waterKeys.stations,
    queryFn: ({ signal }) => waterApi.stations(signal),
    refetchInterval: 300_000,
  });
  const outlineCode = fitArea(
    (stations.data?.list ?? []).map((s) => s.areaCode),
    operator.org.areaCode,
  );
  const outline = useQuery({
    queryKey: ['water', 'outline', outlineCode],
    queryFn: ({ signal }) => getOutline(outlineCode, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const list = stations.data?.list ?? [];
  const mapName = outline.data === undefined || outline.data === null ? undefined : mapNameOf(outline.data);
  const option = useMemo(() => stationMapOption(stations.data?.list ?? [], mapName), [stations.data, mapName]);
  const go = useRef(navigate);
  go.current = navigate;
  const onReady = (chart: EChartsType) => {
    chart.on('click', (e) => {
      const id = stationIdOf(e.data);
      if (id !== undefined) void go.current(`/water/stations/${id}`);
    });
  };
  return (
    <>
      <Space wrap className="lt-water-legend" aria-label="图例：GB 3838-2002 水质类别">
        {CLASS_LEGEND.map((c) => (
          <span key={c.waterClass}>
            <ClassTag name={c.name} color={c.color} /> {c.quality}{' '}
            {list.filter((s) => s.waterClass === c.waterClass).length}
          </span>
        ))}
      </Space>
      {stations.isError && <Alert type="error" showIcon title={errorText(stations.error)} className="lt-form-alert" />}
      {stations.isSuccess && list.length === 0 && (
        <Alert type="info" showIcon title="辖区内没有水质自动监测站" className="lt-form-alert" />
      )}
      <Spin spinning={stations.isPending || outline.isPending}>
        <EChart
          option={option}
          onReady={onReady}
          style={{ height: 'calc(100vh - 320px)', minHeight: 460 }}
          ariaLabel={`水质地图：${list.map((s) => `${s.name} ${s.className}`).join('，')}`}
        />
      </Spin>
    </>
  );
}
