import type { HistoryData, HistoryPollutant } from '@lantian/contracts';
import { HISTORY_POLLUTANTS, type HistoryGranularity } from '@lantian/contracts/data-analysis';
import { Alert, App, Button, Checkbox, Empty, Segmented, Select, Space, Table, Tag } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { EChart } from '../../shared/charts/EChart';
import { createExport, minuteNow, shortLink, useCityList, useHistory, useSiteList } from './data-analysis.api';
import { type HistoryState, QUICK_RANGES, type QuickRange, RANGES_OF, type TargetKind } from './url-state';

export const POLLUTANT_LABELS: Record<HistoryPollutant, string> = {
  aqi: 'AQI',
  pm2_5: 'PM2.5',
  pm10: 'PM10',
  o3: 'O₃',
  o3_8h: 'O₃-8h',
  no2: 'NO₂',
  so2: 'SO₂',
  co: 'CO',
};

const GRANULARITY_OPTIONS: { label: string; value: HistoryGranularity }[] = [
  { label: '逐小时', value: 'hour' },
  { label: '逐日', value: 'day' },
  { label: '逐月', value: 'month' },
];

const LINE_COLORS = [
  '#1677ff',
  '#fa8c16',
  '#13a8a8',
  '#eb2f96',
  '#722ed1',
  '#52c41a',
  '#f5222d',
  '#2f54eb',
  '#faad14',
  '#597ef7',
];

const errorText = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : '查询失败';

interface Props {
  state: HistoryState;
  onChange: (next: HistoryState) => void;
  /** The page address with its state, for the share link. */
  shareablePath: () => string;
}

export function HistoryPanel({ state, onChange, shareablePath }: Props) {
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [chartPollutant, setChartPollutant] = useState<HistoryPollutant | undefined>(undefined);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [shared, setShared] = useState<string | undefined>(undefined);
  const nowMs = minuteNow();
  const cities = useCityList();
  const sites = useSiteList(state.kind === 'station');
  const history = useHistory(state, page, nowMs);
  const data = history.data;

  const update = (patch: Partial<HistoryState>) => {
    setPage((p) => ({ ...p, pageNum: 1 }));
    setShared(undefined);
    onChange({ ...state, ...patch });
  };

  const cityName = useMemo(() => new Map((cities.data ?? []).map((c) => [c.areaCode, c.areaName])), [cities.data]);
  const options = useMemo(() => {
    if (state.kind === 'city') {
      return (cities.data ?? []).map((c) => ({
        value: c.areaCode,
        label: c.areaName,
        search: `${c.areaName}${c.pyName}${c.pinyin}${c.initials}${c.areaCode}`.toLowerCase(),
      }));
    }
    return (sites.data ?? []).map((s) => ({
      value: s.siteCode,
      label: `${s.siteName}（${cityName.get(s.cityCode) ?? s.cityCode}）`,
      search: `${s.siteName}${s.siteCode}${cityName.get(s.cityCode) ?? ''}`.toLowerCase(),
    }));
  }, [state.kind, cities.data, sites.data, cityName]);

  const shownPollutant =
    chartPollutant !== undefined && state.pollutants.includes(chartPollutant) ? chartPollutant : state.pollutants[0];

  async function download(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      const ticket = await createExport(state, nowMs, format);
      // A plain link: the browser downloads it itself (streamed, with the Chinese file name).
      const a = document.createElement('a');
      a.href = ticket.url;
      a.download = ticket.fileName;
      document.body.append(a);
      a.click();
      a.remove();
      message.success(`正在下载 ${ticket.fileName}`);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(undefined);
    }
  }

  async function share() {
    setBusy('share');
    try {
      const link = await shortLink(shareablePath());
      const full = `${window.location.origin}${link.shortPath}`;
      setShared(full);
      await navigator.clipboard?.writeText(full).catch(() => undefined);
      message.success('分享链接已生成');
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className="lt-da-panel">
      <section className="lt-da-card lt-da-filters" aria-label="查询条件">
        <div className="lt-da-field">
          <span className="lt-da-label">对象</span>
          <Segmented<TargetKind>
            value={state.kind}
            options={[
              { label: '城市', value: 'city' },
              { label: '站点', value: 'station' },
            ]}
            onChange={(kind) => update({ kind, codes: [] })}
          />
        </div>
        <div className="lt-da-field lt-da-wide">
          <span className="lt-da-label">{state.kind === 'city' ? '城市' : '站点'}</span>
          <Select
            mode="multiple"
            aria-label={state.kind === 'city' ? '选择城市' : '选择站点'}
            className="lt-da-targets"
            placeholder={state.kind === 'city' ? '搜索城市名或拼音，可多选' : '搜索站点名、编码或城市，可多选'}
            value={state.codes}
            options={options}
            loading={cities.isLoading || sites.isLoading}
            maxCount={50}
            maxTagCount="responsive"
            showSearch={{
              filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()),
            }}
            onChange={(codes: string[]) => update({ codes })}
            allowClear
          />
        </div>
        <div className="lt-da-field lt-da-wide">
          <span className="lt-da-label">指标</span>
          <Checkbox.Group
            className="lt-da-pollutants"
            value={state.pollutants}
            options={HISTORY_POLLUTANTS.map((p) => ({ label: POLLUTANT_LABELS[p], value: p }))}
            onChange={(values) =>
              update({ pollutants: HISTORY_POLLUTANTS.filter((p) => (values as string[]).includes(p)) })
            }
          />
        </div>
        <div className="lt-da-field">
          <span className="lt-da-label">粒度</span>
          <Segmented<HistoryGranularity>
            value={state.granularity}
            options={GRANULARITY_OPTIONS}
            onChange={(granularity) => {
              const ranges = RANGES_OF[granularity];
              const range =
                state.range === 'custom' || ranges.includes(state.range)
                  ? state.range
                  : (ranges[1] ?? ranges[0] ?? '30d');
              update({ granularity, range });
            }}
          />
        </div>
        <div className="lt-da-field lt-da-wide">
          <span className="lt-da-label">时段</span>
          <div className="lt-da-range">
            <Segmented<QuickRange | 'custom'>
              value={state.range}
              options={[
                ...RANGES_OF[state.granularity].map((r) => ({ label: QUICK_RANGES[r].label, value: r })),
                { label: '自定义', value: 'custom' as const },
              ]}
              onChange={(range) => {
                if (range !== 'custom') return update({ range });
                const end = new Date(nowMs + 8 * 3_600_000).toISOString().slice(0, 10);
                const start = new Date(nowMs + 8 * 3_600_000 - 6 * 86_400_000).toISOString().slice(0, 10);
                update({ range, from: state.from || start, to: state.to || end });
              }}
            />
            {state.range === 'custom' ? (
              <span className="lt-da-dates">
                <input
                  type="date"
                  aria-label="开始日期"
                  value={state.from}
                  max={state.to || undefined}
                  onChange={(e) => update({ from: e.target.value })}
                />
                <span aria-hidden="true">至</span>
                <input
                  type="date"
                  aria-label="结束日期"
                  value={state.to}
                  min={state.from || undefined}
                  onChange={(e) => update({ to: e.target.value })}
                />
              </span>
            ) : null}
          </div>
        </div>
        <div className="lt-da-actions">
          <Space wrap>
            <Button onClick={() => download('csv')} loading={busy === 'csv'} disabled={state.codes.length === 0}>
              导出 CSV
            </Button>
            <Button onClick={() => download('xlsx')} loading={busy === 'xlsx'} disabled={state.codes.length === 0}>
              导出 Excel
            </Button>
            <Button type="primary" ghost onClick={share} loading={busy === 'share'}>
              分享
            </Button>
          </Space>
          {shared !== undefined ? (
            <div className="lt-da-share" data-testid="share-link">
              <span>分享链接：</span>
              <a href={shared}>{shared}</a>
            </div>
          ) : null}
        </div>
      </section>

      {state.codes.length === 0 ? (
        <section className="lt-da-card">
          <Empty description={state.kind === 'city' ? '请选择至少一个城市' : '请选择至少一个站点'} />
        </section>
      ) : history.error !== null && data === undefined ? (
        <Alert type="error" showIcon title="查询失败" description={errorText(history.error)} />
      ) : (
        <>
          {history.error !== null ? <Alert type="error" showIcon title={errorText(history.error)} /> : null}
          <section className="lt-da-card" aria-label="趋势图">
            <header className="lt-da-card-head">
              <h2>趋势</h2>
              {data !== undefined && shownPollutant !== undefined ? (
                <Segmented<HistoryPollutant>
                  size="small"
                  value={shownPollutant}
                  options={state.pollutants.map((p) => ({ label: POLLUTANT_LABELS[p], value: p }))}
                  onChange={setChartPollutant}
                />
              ) : null}
            </header>
            {data !== undefined && shownPollutant !== undefined ? (
              <TrendChart data={data} pollutant={shownPollutant} />
            ) : (
              <div className="lt-da-chart lt-da-placeholder" />
            )}
            {data !== undefined ? (
              <p className="lt-da-meta">
                {data.startTime.slice(0, 16)} 至 {data.endTime.slice(0, 16)} · 共 {data.table.total} 行
                {data.seriesStep > 1 ? ` · 图中每 ${data.seriesStep} 个时段取 1 个，表格与导出为全部数据` : ''}
              </p>
            ) : null}
          </section>
          <section className="lt-da-card" aria-label="数据表">
            <header className="lt-da-card-head">
              <h2>数据表</h2>
              {data !== undefined ? (
                <Tag>{GRANULARITY_OPTIONS.find((g) => g.value === data.granularity)?.label}</Tag>
              ) : null}
            </header>
            <DataTable data={data} loading={history.isFetching} page={page} onPage={setPage} />
            {data?.notes.map((n) => (
              <p key={n} className="lt-da-note">
                {n}
              </p>
            ))}
          </section>
        </>
      )}
    </div>
  );
}

function TrendChart({ data, pollutant }: { data: HistoryData; pollutant: HistoryPollutant }) {
  const option = useMemo((): EChartsCoreOption => {
    const column = data.columns.find((c) => c.key === pollutant);
    const names = new Map(data.targets.map((t) => [t.code, t.name]));
    const series = data.series
      .filter((s) => s.pollutant === pollutant)
      .map((s, i) => ({
        type: 'line',
        name: names.get(s.code) ?? s.code,
        data: s.data,
        showSymbol: data.times.length <= 40,
        connectNulls: false,
        sampling: 'lttb',
        lineStyle: { width: 1.6 },
        color: LINE_COLORS[i % LINE_COLORS.length],
      }));
    return {
      animation: false,
      grid: { left: 44, right: 16, top: 60, bottom: 56 },
      legend: { type: 'scroll', top: 0 },
      tooltip: { trigger: 'axis', confine: true },
      xAxis: { type: 'category', data: data.times, boundaryGap: false, axisLabel: { hideOverlap: true } },
      yAxis: {
        type: 'value',
        name: column?.unit ?? '',
        nameTextStyle: { align: 'left' },
        splitLine: { lineStyle: { color: '#eef0f3' } },
      },
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
      series,
    };
  }, [data, pollutant]);
  const title = data.columns.find((c) => c.key === pollutant)?.title ?? pollutant;
  return (
    <EChart
      className="lt-da-chart"
      option={option}
      ariaLabel={`${title} 趋势图，${data.targets.map((t) => t.name).join('、')}`}
    />
  );
}

function DataTable({
  data,
  loading,
  page,
  onPage,
}: {
  data: HistoryData | undefined;
  loading: boolean;
  page: { pageNum: number; pageSize: number };
  onPage: (page: { pageNum: number; pageSize: number }) => void;
}) {
  const columns = useMemo(
    () => [
      {
        title: '时间',
        dataIndex: 'time',
        key: 'time',
        fixed: 'left' as const,
        width: data?.granularity === 'hour' ? 128 : 96,
      },
      // Narrow on phones: the first value column stays in sight beside the time.
      { title: '名称', dataIndex: 'name', key: 'name', width: 84, ellipsis: true },
      ...(data?.columns ?? []).map((c, i) => ({
        title: c.title,
        key: c.key,
        width: 96,
        align: 'right' as const,
        render: (_: unknown, row: HistoryData['table']['list'][number]) => {
          const v = row.values[i];
          return v === null || v === undefined ? <span className="lt-da-missing">—</span> : v;
        },
      })),
    ],
    [data?.columns, data?.granularity],
  );
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.code}@${r.time}`}
      columns={columns}
      dataSource={data?.table.list ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: data?.table.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        showTotal: (total) => `共 ${total} 行`,
        size: 'small',
        onChange: (pageNum, pageSize) => onPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
      }}
    />
  );
}
