import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { getCombines, getDevices, getFlux, lidarKeys } from './lidar.api';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** 输送通量: a site's column flux (mg/(m·s)) or a section's between two sites (g/s), over the last 24 hours. */
export function Flux() {
  const [params, setParams] = useSearchParams();
  const devices = useQuery({ queryKey: lidarKeys.devices('L01'), queryFn: ({ signal }) => getDevices('L01', signal) });
  const combines = useQuery({ queryKey: lidarKeys.combines, queryFn: ({ signal }) => getCombines(signal) });
  const target = params.get('target') ?? (devices.data?.[0] === undefined ? null : `site:${devices.data[0].deviceId}`);
  const factorId = params.get('factorId') ?? 'PM25';
  const endTime = dayjs().format(FORMAT);
  const startTime = dayjs().subtract(24, 'hour').format(FORMAT);
  const query = {
    factorId,
    startTime,
    endTime,
    ...(target?.startsWith('site:') ? { deviceId: target.slice(5) } : { combineId: target?.slice(8) ?? '' }),
  };
  const flux = useQuery({
    queryKey: lidarKeys.flux(query),
    queryFn: ({ signal }) => getFlux(query, signal),
    enabled: target !== null,
  });
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next);
  };
  const option = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { data: ['通量', '边界层高度'] },
      xAxis: { type: 'category', data: (flux.data?.list ?? []).map((p) => p.time.slice(5, 16)) },
      yAxis: [
        { type: 'value', name: flux.data?.unit ?? '' },
        { type: 'value', name: 'm', splitLine: { show: false } },
      ],
      series: [
        { name: '通量', type: 'line', data: (flux.data?.list ?? []).map((p) => p.flux), showSymbol: false },
        {
          name: '边界层高度',
          type: 'line',
          yAxisIndex: 1,
          data: (flux.data?.list ?? []).map((p) => p.boundaryLayerHeight),
          showSymbol: false,
          lineStyle: { type: 'dashed' },
        },
      ],
    }),
    [flux.data],
  );
  return (
    <>
      <Space wrap className="lt-lidar-toolbar">
        <Select
          style={{ minWidth: 320 }}
          value={target ?? undefined}
          onChange={(v: string) => set('target', v)}
          aria-label="站点或断面"
          options={[
            ...(devices.data ?? []).map((d) => ({ value: `site:${d.deviceId}`, label: `站点：${d.name}` })),
            ...(combines.data ?? []).map((c) => ({
              value: `combine:${c.combineId}`,
              label: `断面：${c.name}（${(c.lengthMeters / 1000).toFixed(1)} km）`,
            })),
          ]}
        />
        <Select
          value={factorId}
          onChange={(v: string) => set('factorId', v)}
          aria-label="因子"
          options={[
            { value: 'PM25', label: 'PM2.5' },
            { value: 'PM10', label: 'PM10' },
          ]}
        />
        {flux.data?.total !== null && flux.data !== undefined && (
          <Typography.Text>
            24 小时输送总量：{flux.data.total} {flux.data.totalUnit}
          </Typography.Text>
        )}
      </Space>
      {flux.isError && <Alert type="error" showIcon title={errorText(flux.error)} />}
      <EChart option={option} style={{ height: 380 }} ariaLabel={`输送通量（${flux.data?.unit ?? ''}）与边界层高度`} />
      <Typography.Paragraph type="secondary">
        站点通量为垂直廓线浓度与同址风速在 1500
        米以下的积分（每米宽度每秒通过的质量）；断面通量为两站连线竖直断面上垂直于断面的风速分量与浓度的积分。
      </Typography.Paragraph>
    </>
  );
}
