import { TELEMETRY_RESOLUTIONS, type TelemetryResolution } from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Empty, Segmented, Select, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { type DeviceDetail, deviceKeys, getDeviceSeries } from './devices.api';
import { defaultRange, hasPoints, seriesChartOption } from './telemetry';

const RESOLUTIONS = Object.entries(TELEMETRY_RESOLUTIONS).map(([value, label]) => ({ value, label: `${label}值` }));
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** While the range is the default one (ending now), the chart follows the new data this often. */
const FOLLOW_MS: Readonly<Record<TelemetryResolution, number>> = { minute: 60_000, hour: 300_000, day: 1_800_000 };

const isResolution = (v: string | null): v is TelemetryResolution => v === 'minute' || v === 'hour' || v === 'day';

const presets = (resolution: TelemetryResolution) =>
  (resolution === 'minute'
    ? [
        { label: '最近 1 小时', value: [dayjs().subtract(1, 'hour'), dayjs()] },
        { label: '最近 6 小时', value: [dayjs().subtract(6, 'hour'), dayjs()] },
        { label: '最近 24 小时', value: [dayjs().subtract(24, 'hour'), dayjs()] },
      ]
    : resolution === 'hour'
      ? [
          { label: '最近 24 小时', value: [dayjs().subtract(24, 'hour'), dayjs()] },
          { label: '最近 7 天', value: [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('hour')] },
          { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('hour')] },
        ]
      : [
          { label: '最近 30 天', value: [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] },
          { label: '最近 90 天', value: [dayjs().subtract(89, 'day').startOf('day'), dayjs().endOf('day')] },
          { label: '今年', value: [dayjs().startOf('year'), dayjs().endOf('day')] },
        ]) as { label: string; value: [Dayjs, Dayjs] }[];

/**
 * The series chart: minute, hour or day values of one factor or all, over a chosen range (by default
 * the last 6 hours, 7 days or 30 days, following new data). Its choices are in the address.
 */
export function SeriesChart({ device }: { device: DeviceDetail }) {
  const [params, setParams] = useSearchParams();
  const resolutionParam = params.get('resolution');
  const resolution: TelemetryResolution = isResolution(resolutionParam) ? resolutionParam : 'minute';
  const factorParam = params.get('factor');
  const factor = device.factors.some((f) => f.code === factorParam) ? (factorParam ?? undefined) : undefined;
  const startParam = params.get('startTime');
  const endParam = params.get('endTime');
  const explicit = startParam !== null && endParam !== null && TIME.test(startParam) && TIME.test(endParam);

  const key = {
    deviceId: device.deviceId,
    resolution,
    factor,
    startTime: explicit ? startParam : undefined,
    endTime: explicit ? endParam : undefined,
  };
  const series = useQuery({
    queryKey: deviceKeys.series(key),
    queryFn: ({ signal }) => {
      const [start, end] = explicit
        ? [startParam, endParam]
        : defaultRange(resolution, dayjs()).map((d) => d.format(SERVER_TIME_FORMAT));
      return getDeviceSeries({ ...key, startTime: start, endTime: end }, signal);
    },
    placeholderData: keepPreviousData,
    refetchInterval: explicit ? false : FOLLOW_MS[resolution],
  });

  const upper = useMemo(() => Object.fromEntries(device.factors.map((f) => [f.code, f.upper])), [device.factors]);
  const option = useMemo(
    () => (series.data === undefined ? undefined : seriesChartOption(series.data, { upper })),
    [series.data, upper],
  );
  const shown: [Dayjs, Dayjs] = explicit ? [dayjs(startParam), dayjs(endParam)] : defaultRange(resolution, dayjs());

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <Card
      title="数据曲线"
      size="small"
      extra={
        <Space wrap>
          <Segmented
            value={resolution}
            options={RESOLUTIONS}
            // A new resolution starts from its own default range.
            onChange={(v) => update({ resolution: String(v), startTime: undefined, endTime: undefined })}
            aria-label="数据类型"
          />
          <Select
            allowClear
            placeholder="全部因子"
            value={factor}
            onChange={(v?: string) => update({ factor: v })}
            options={device.factors.map((f) => ({ value: f.code, label: f.name }))}
            className="lt-device-factor-select"
            aria-label="因子"
          />
          <DatePicker.RangePicker
            showTime={resolution === 'day' ? false : { format: 'HH:mm' }}
            format={resolution === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm'}
            value={shown}
            presets={presets(resolution)}
            allowClear={explicit}
            onChange={(dates) => {
              const [start, end] = dates ?? [];
              if (!start || !end) return update({ startTime: undefined, endTime: undefined });
              const from = resolution === 'day' ? start.startOf('day') : start.startOf('minute');
              const to = resolution === 'day' ? end.endOf('day') : end.endOf('minute');
              update({ startTime: from.format(SERVER_TIME_FORMAT), endTime: to.format(SERVER_TIME_FORMAT) });
            }}
            aria-label="时间范围"
          />
        </Space>
      }
    >
      {series.isError && <Alert type="error" showIcon title={errorText(series.error)} className="lt-form-alert" />}
      <Spin spinning={series.isFetching && series.data === undefined}>
        {option !== undefined && hasPoints(series.data) ? (
          <EChart
            option={option}
            style={{ height: 380 }}
            ariaLabel={`${device.name} 的${TELEMETRY_RESOLUTIONS[resolution]}数据曲线`}
          />
        ) : (
          <Empty
            className="lt-device-chart-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={series.isPending ? '正在读取数据…' : '所选时间范围内没有数据'}
          />
        )}
      </Spin>
    </Card>
  );
}
