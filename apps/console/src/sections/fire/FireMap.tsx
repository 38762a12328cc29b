import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Space, Spin } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { fitArea } from '../../shared/charts/fit-area';
import { getOutline, mapNameOf } from '../../shared/charts/outline';
import { useSession } from '../../shared/session/session-context';
import { fireApi, fireKeys } from './fire.api';
import { SITE_STATE_COLORS, siteCodeOf, siteMapOption } from './fire-charts';

const LEGEND = [
  { state: 'alarm', name: '报警' },
  { state: 'fault', name: '故障' },
  { state: 'offline', name: '离线' },
  { state: 'normal', name: '正常' },
] as const;

/** 站点地图: the fire sites on the area's offline outline by state, alarming ones rippling; a click lists the site's alarms. */
export function FireMap() {
  const { operator } = useSession();
  const navigate = useNavigate();
  // One page of the largest size: an area with more than 100 fire sites shows the 100 most urgent (alarming first).
  const params = { pageNum: 1, pageSize: 100 };
  const sites = useQuery({
    queryKey: fireKeys.call('sites', params),
    queryFn: ({ signal }) => fireApi.sites(params, signal),
    refetchInterval: 30_000,
  });
  const outlineCode = fitArea(
    (sites.data?.list ?? []).map((s) => s.areaCode),
    operator.org.areaCode,
  );
  const outline = useQuery({
    queryKey: ['fire', 'outline', outlineCode],
    queryFn: ({ signal }) => getOutline(outlineCode, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const list = sites.data?.list ?? [];
  const mapName = outline.data === undefined || outline.data === null ? undefined : mapNameOf(outline.data);
  const option = useMemo(() => siteMapOption(sites.data?.list ?? [], mapName), [sites.data, mapName]);
  const go = useRef(navigate);
  go.current = navigate;
  const onReady = (chart: EChartsType) => {
    chart.on('click', (e) => {
      const code = siteCodeOf(e.data);
      const site = sites.data?.list.find((s) => s.siteCode === code);
      if (site !== undefined) void go.current(`/fire/alarms?keyword=${encodeURIComponent(site.name)}`);
    });
  };
  const count = (state: string) => list.filter((s) => s.state === state).length;
  return (
    <>
      <Space wrap size="middle" aria-label="图例" style={{ marginBottom: 12 }}>
        {LEGEND.map((l) => (
          <Badge key={l.state} color={SITE_STATE_COLORS[l.state]} text={`${l.name} ${count(l.state)}`} />
        ))}
      </Space>
      {sites.isError && <Alert type="error" showIcon title={errorText(sites.error)} className="lt-form-alert" />}
      {sites.isSuccess && list.length === 0 && (
        <Alert type="info" showIcon title="辖区内没有消防监测站点" className="lt-form-alert" />
      )}
      <Spin spinning={sites.isPending || outline.isPending}>
        <EChart
          option={option}
          onReady={onReady}
          style={{ height: 'calc(100vh - 320px)', minHeight: 460 }}
          ariaLabel={`消防站点地图：共 ${list.length} 个站点，报警 ${count('alarm')} 个，故障 ${count('fault')} 个`}
        />
      </Spin>
    </>
  );
}
