import { CloseOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Space, Spin, Tag, Typography } from 'antd';
import type { EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import { outlineMapName } from './chart-parts';
import {
  type Bbox,
  eventIdOf,
  fitCells,
  heatSeries,
  hotBaseOption,
  MARKER_COLORS,
  MARKER_ZOOM,
  markerSeries,
  topBarOption,
  viewBbox,
  zoomForView,
} from './hot-map';
import { IncidentFilters } from './IncidentFilters';
import {
  type EventMarker,
  getHotMap,
  getLocations,
  getOwnOutline,
  getTopCatalogs,
  incidentKeys,
} from './incidents.api';
import { filterParams } from './stats';

interface View {
  zoom: number;
  bbox: Bbox;
}

/** Reads what the map shows now: the box between its corners and the web-map zoom of that scale. */
function readView(chart: EChartsType): View | undefined {
  const width = chart.getWidth();
  const height = chart.getHeight();
  const bbox = viewBbox(
    chart.convertFromPixel({ geoIndex: 0 }, [0, 0]),
    chart.convertFromPixel({ geoIndex: 0 }, [width, height]),
  );
  return bbox === null ? undefined : { bbox, zoom: zoomForView(bbox, width) };
}

/**
 * 事件热力: the events of the period and catalogue as heat over the operator's area, counted by the
 * server in cells sized to the map's zoom; refetched for the visible box when a zoom or pan ends.
 * Zoomed in to a few streets, the events show one by one; a click opens a card linking to the event.
 * Beside it the ten catalogues with the most events.
 */
export function HotMap() {
  const [params] = useSearchParams();
  const filters = filterParams(params);
  const [chart, setChart] = useState<EChartsType | undefined>(undefined);
  const [view, setView] = useState<View | undefined>(undefined);
  // The view fitted to the events once, on the first answer; after that the reader's zoom rules.
  const [fit, setFit] = useState<[[number, number], [number, number]] | null | undefined>(undefined);
  const [popup, setPopup] = useState<{ marker: EventMarker; x: number; y: number } | undefined>(undefined);

  const outline = useQuery({
    queryKey: incidentKeys.outline,
    queryFn: ({ signal }) => getOwnOutline(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const hotParams = { ...filters, ...(view === undefined ? {} : { zoom: view.zoom, ...view.bbox }) };
  const hot = useQuery({
    queryKey: incidentKeys.hotMap(hotParams),
    queryFn: ({ signal }) => getHotMap(hotParams, signal),
    placeholderData: keepPreviousData,
  });
  const showMarkers = view !== undefined && view.zoom >= MARKER_ZOOM;
  const locationParams = { ...filters, ...(view?.bbox ?? {}) };
  const locations = useQuery({
    queryKey: incidentKeys.locations(locationParams),
    queryFn: ({ signal }) => getLocations(locationParams, signal),
    enabled: showMarkers,
    placeholderData: keepPreviousData,
  });
  const top = useQuery({
    queryKey: incidentKeys.top(filters),
    queryFn: ({ signal }) => getTopCatalogs(filters, signal),
  });

  useEffect(() => {
    if (fit === undefined && hot.data !== undefined && view === undefined)
      setFit(fitCells(hot.data.cells, hot.data.cellDegrees));
  }, [fit, hot.data, view]);

  const mapName = outline.data === undefined ? undefined : outlineMapName('own', outline.data);
  const option = useMemo(
    () => (mapName === undefined || fit === undefined ? undefined : hotBaseOption(mapName, fit)),
    [mapName, fit],
  );

  // Once the base is drawn, read the view it shows, so that the cells match its zoom.
  useEffect(() => {
    if (chart === undefined || option === undefined) return;
    const frame = requestAnimationFrame(() => setView(readView(chart)));
    return () => cancelAnimationFrame(frame);
  }, [chart, option]);

  useEffect(() => {
    if (chart === undefined || option === undefined) return;
    if (showMarkers) {
      chart.setOption(
        { visualMap: [], series: [markerSeries(locations.data?.list ?? [])] },
        { replaceMerge: ['series', 'visualMap'] },
      );
    } else {
      const heat = heatSeries(hot.data?.cells ?? []);
      chart.setOption(
        { visualMap: [heat.visualMap], series: [heat.series] },
        { replaceMerge: ['series', 'visualMap'] },
      );
    }
  }, [chart, option, showMarkers, hot.data, locations.data]);

  const markers = useRef<readonly EventMarker[]>([]);
  markers.current = locations.data?.list ?? [];
  const onReady = (instance: EChartsType) => {
    setChart(instance);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // georoam fires all through a wheel or a drag: the view is read once it has been still a moment.
    instance.on('georoam', () => {
      setPopup(undefined);
      clearTimeout(timer);
      timer = setTimeout(() => setView(readView(instance)), 350);
    });
    instance.on('click', (e) => {
      const id = eventIdOf(e.data);
      const marker = markers.current.find((m) => m.eventId === id);
      const event = e.event?.event;
      if (marker !== undefined && event instanceof MouseEvent) {
        // Beside the marker, kept inside the map near its right edge (the card is 260 px wide).
        const x = e.event?.offsetX ?? 0;
        setPopup({
          marker,
          x: x + 280 > instance.getWidth() ? x - 272 : x + 12,
          y: Math.max(0, (e.event?.offsetY ?? 0) - 12),
        });
      }
    });
  };

  const topOption = useMemo(() => topBarOption(top.data ?? []), [top.data]);
  const total = showMarkers ? locations.data?.total : hot.data?.total;

  return (
    <>
      <IncidentFilters />
      <div className="lt-incident-layout">
        <section className="lt-incident-map" aria-label="事件热力图">
          <Space wrap className="lt-incident-map-head">
            <Typography.Text>
              {total === undefined ? '…' : `视野内 ${total} 件事件`}
              {view !== undefined && `，缩放级别 ${view.zoom}`}
            </Typography.Text>
            {showMarkers ? (
              <Space size={4}>
                <Tag color={MARKER_COLORS.open}>处置中</Tag>
                <Tag color={MARKER_COLORS.overdue}>逾期</Tag>
                <Tag color={MARKER_COLORS.done}>已处置/结案</Tag>
                <Tag color={MARKER_COLORS.rejected}>已驳回</Tag>
              </Space>
            ) : (
              <Typography.Text type="secondary">放大到 {MARKER_ZOOM} 级以上逐个显示事件</Typography.Text>
            )}
            {locations.data?.truncated && showMarkers && (
              <Typography.Text type="warning">只显示最新的 {locations.data.list.length} 件</Typography.Text>
            )}
          </Space>
          {(hot.isError || outline.isError || locations.isError) && (
            <Alert
              type="error"
              showIcon
              className="lt-form-alert"
              title={errorText(hot.error ?? outline.error ?? locations.error)}
            />
          )}
          <Spin spinning={hot.isFetching || locations.isFetching || option === undefined}>
            <div className="lt-incident-map-box">
              {option === undefined ? (
                <div className="lt-incident-map-placeholder" />
              ) : (
                <EChart
                  option={option}
                  onReady={onReady}
                  style={{ height: 'calc(100vh - 300px)', minHeight: 480 }}
                  ariaLabel={`事件热力图：视野内 ${total ?? 0} 件事件`}
                />
              )}
              {popup !== undefined && (
                <Card
                  size="small"
                  className="lt-incident-popup"
                  style={{ left: popup.x, top: popup.y }}
                  title={popup.marker.title}
                  extra={
                    <Button
                      type="text"
                      size="small"
                      icon={<CloseOutlined />}
                      aria-label="关闭"
                      onClick={() => setPopup(undefined)}
                    />
                  }
                >
                  <div>
                    {popup.marker.catalogName} · {popup.marker.stateName}
                    {popup.marker.overdue && (
                      <Tag color="error" className="lt-incident-popup-tag">
                        逾期
                      </Tag>
                    )}
                  </div>
                  <div className="lt-muted">上报于 {popup.marker.reportedAt}</div>
                  <Link to={`/grid-events?eventId=${encodeURIComponent(popup.marker.eventId)}`}>查看事件详情</Link>
                </Card>
              )}
            </div>
          </Spin>
        </section>
        <Card size="small" title="事件最多的类别（前 10）" className="lt-incident-top">
          {top.isError && <Alert type="error" showIcon title={errorText(top.error)} />}
          {top.data !== undefined && top.data.length === 0 && <Empty description="该时段没有事件" />}
          {top.data !== undefined && top.data.length > 0 && (
            <EChart
              option={topOption}
              style={{ height: Math.max(200, top.data.length * 34 + 24) }}
              ariaLabel={`事件最多的类别：${top.data.map((r) => `${r.name} ${r.count} 件`).join('，')}`}
            />
          )}
        </Card>
      </div>
    </>
  );
}
