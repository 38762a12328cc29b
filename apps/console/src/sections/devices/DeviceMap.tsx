import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Select, Space, Spin, Typography } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ALARM_LEVELS } from '../../shared/alarm/levels';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { getOutline, mapNameOf } from '../../shared/charts/outline';
import { AreaCascader } from '../../shared/lookups/AreaCascader';
import { dictOptions, useDict } from '../../shared/lookups/dict';
import { useSession } from '../../shared/session/session-context';
import { deviceIdOf, deviceMapOption, STATE_LOOKS, stateCounts } from './device-map';
import { deviceKeys, getDeviceMap } from './devices.api';

/**
 * 设备地图: every device of the operator's area (or the chosen area) on its offline outline, coloured
 * by state (alarms by level and rippling, online green, offline grey, never heard from light),
 * refreshed every 30 s; a click opens the device.
 */
export function DeviceMap() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { operator } = useSession();
  const types = useDict('deviceType');
  const type = params.get('type') ?? undefined;
  const areaCode = params.get('areaCode') ?? undefined;
  const query = { type, areaCode };

  const devices = useQuery({
    queryKey: deviceKeys.map(query),
    queryFn: ({ signal }) => getDeviceMap(query, signal),
    refetchInterval: 30_000,
  });
  const outlineCode = areaCode ?? operator.org.areaCode;
  const outline = useQuery({
    queryKey: deviceKeys.outline(outlineCode),
    queryFn: ({ signal }) => getOutline(outlineCode, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const list = devices.data ?? [];
  const counts = stateCounts(list);
  const mapName = outline.data === undefined || outline.data === null ? undefined : mapNameOf(outline.data);
  const option = useMemo(() => deviceMapOption(devices.data ?? [], mapName), [devices.data, mapName]);

  const go = useRef(navigate);
  go.current = navigate;
  const onReady = (chart: EChartsType) => {
    chart.on('click', (e) => {
      const id = deviceIdOf(e.data);
      if (id !== undefined) void go.current(`/devices/${id}`);
    });
  };

  const set = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
    setParams(next);
  };

  return (
    <>
      <div className="lt-device-toolbar">
        <search className="lt-filters" aria-label="筛选地图上的设备">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部设备类型"
            value={type}
            onChange={(v?: string) => set('type', v)}
            options={dictOptions(types.data?.items)}
            className="lt-device-type-filter"
            aria-label="设备类型"
          />
          <AreaCascader
            value={areaCode}
            onChange={(v) => set('areaCode', v)}
            placeholder={`全部（${operator.org.areaName}）`}
            className="lt-filter-select"
            aria-label="区域"
          />
          <Button icon={<ReloadOutlined />} loading={devices.isFetching} onClick={() => void devices.refetch()}>
            刷新
          </Button>
        </search>
        <Space wrap size="middle" className="lt-device-legend" aria-label="图例">
          <span>
            <Space size={2}>
              {([1, 2, 3, 4] as const).map((level) => (
                <Badge key={level} color={ALARM_LEVELS[level].color} title={ALARM_LEVELS[level].fullName} />
              ))}
            </Space>{' '}
            告警 {counts.alarm}
          </span>
          {(['online', 'offline', 'never', 'retired'] as const).map((state) => (
            <Badge
              key={state}
              color={state === 'retired' ? STATE_LOOKS.retired.border : STATE_LOOKS[state].color}
              className={`lt-device-legend-${state}`}
              text={`${STATE_LOOKS[state].name} ${counts[state]}`}
            />
          ))}
        </Space>
      </div>
      {devices.isError && <Alert type="error" showIcon title={errorText(devices.error)} className="lt-form-alert" />}
      {devices.isSuccess && list.length === 0 && (
        <Alert type="info" showIcon title="该范围内没有已登记的设备" className="lt-form-alert" />
      )}
      <Spin spinning={devices.isPending || outline.isPending}>
        <EChart
          option={option}
          onReady={onReady}
          style={{ height: 'calc(100vh - 300px)', minHeight: 480 }}
          ariaLabel={`设备地图：共 ${list.length} 台设备，告警 ${counts.alarm} 台，在线 ${counts.online} 台，离线 ${counts.offline} 台，未上线 ${counts.never} 台`}
        />
      </Spin>
      <Typography.Text type="secondary">
        共 {list.length} 台设备。滚轮缩放、拖动平移；点击设备点查看详情。
        {outline.data === null && ' 该区域暂无离线地图轮廓，仅按经纬度显示位置。'}
        {outline.data && outline.data.code !== outlineCode && ' 该区域没有单独的地图轮廓，底图为上级区域。'}
      </Typography.Text>
    </>
  );
}
