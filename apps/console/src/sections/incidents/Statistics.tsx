import { DownloadOutlined } from '@ant-design/icons';
import type { BreakdownRow } from '@lantian/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Col, Row, Segmented, Statistic, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../shared/api';
import { EChart } from '../../shared/charts/EChart';
import './chart-parts';
import { IncidentFilters } from './IncidentFilters';
import { type BreakdownKind, exportHref, getBreakdown, getHandling, incidentKeys } from './incidents.api';
import { breakdownOption, filterParams, handlingFigures, percent, periodOption, totals } from './stats';

const TIME_TYPES = [
  { value: 'day', label: '按日' },
  { value: 'month', label: '按月' },
  { value: 'year', label: '按年' },
];

function ExportButton({
  sheet,
  params,
  label = '导出 Excel',
}: {
  sheet: Parameters<typeof exportHref>[0];
  params: Record<string, string | undefined>;
  label?: string;
}) {
  return (
    <Button size="small" icon={<DownloadOutlined />} href={exportHref(sheet, params)} download>
      {label}
    </Button>
  );
}

const number = (n: number) => n;

function breakdownColumns(first: string, onKey?: (row: BreakdownRow) => void): TableColumnsType<BreakdownRow> {
  return [
    {
      title: first,
      key: 'name',
      render: (_, r) =>
        onKey !== undefined && r.key !== null ? (
          <Button type="link" size="small" className="lt-incident-drill" onClick={() => onKey(r)}>
            {r.name}
          </Button>
        ) : (
          r.name
        ),
    },
    { title: '事件数', dataIndex: 'total', key: 'total', render: number, align: 'right' },
    { title: '待处置', dataIndex: 'open', key: 'open', align: 'right' },
    { title: '已处置', dataIndex: 'handled', key: 'handled', align: 'right' },
    { title: '已结案', dataIndex: 'closed', key: 'closed', align: 'right' },
    { title: '已驳回', dataIndex: 'rejected', key: 'rejected', align: 'right' },
    { title: '逾期', dataIndex: 'overdue', key: 'overdue', align: 'right' },
  ];
}

interface PaneProps {
  kind: BreakdownKind;
  title: string;
  first: string;
  params: Record<string, string | undefined>;
  horizontal?: boolean;
  onKey?: (row: BreakdownRow) => void;
  head?: React.ReactNode;
}

/** One breakdown: its chart, its table with a total row, and its Excel export with the same filters. */
function BreakdownPane({ kind, title, first, params, horizontal = false, onKey, head }: PaneProps) {
  const rows = useQuery({
    queryKey: incidentKeys.breakdown(kind, params),
    queryFn: ({ signal }) => getBreakdown(kind, params, signal),
    placeholderData: keepPreviousData,
  });
  const data = rows.data ?? [];
  const option = useMemo(
    () => (kind === 'byPeriod' ? periodOption(rows.data ?? []) : breakdownOption(rows.data ?? [], horizontal)),
    [kind, rows.data, horizontal],
  );
  const sum = totals(data);
  return (
    <Card size="small" title={title} extra={<ExportButton sheet={kind} params={params} />} className="lt-incident-pane">
      {head}
      {rows.isError && <Alert type="error" showIcon title={errorText(rows.error)} className="lt-form-alert" />}
      {data.length > 0 && (
        <EChart
          option={option}
          style={{ height: horizontal ? Math.max(220, data.length * 28 + 60) : 260 }}
          ariaLabel={`${title}：${data.map((r) => `${r.name} ${r.total} 件`).join('，')}`}
        />
      )}
      <Table<BreakdownRow>
        size="small"
        rowKey={(r) => r.key ?? '-'}
        loading={rows.isFetching}
        columns={breakdownColumns(first, onKey)}
        dataSource={data}
        pagination={data.length > 10 ? { pageSize: 10, size: 'small' } : false}
        locale={{ emptyText: '该时段没有事件' }}
        summary={() =>
          data.length > 1 ? (
            <Table.Summary.Row className="lt-incident-sum">
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              {(['total', 'open', 'handled', 'closed', 'rejected', 'overdue'] as const).map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 1} align="right">
                  {sum[k]}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

function HandlingCard({ params }: { params: Record<string, string | undefined> }) {
  const handling = useQuery({
    queryKey: incidentKeys.handling(params),
    queryFn: ({ signal }) => getHandling(params, signal),
    placeholderData: keepPreviousData,
  });
  const h = handling.data;
  return (
    <Card
      size="small"
      title="处置时效"
      className="lt-incident-pane"
      extra={
        <>
          <ExportButton sheet="handling" params={params} />{' '}
          <ExportButton sheet="events" params={params} label="导出事件明细" />
        </>
      }
    >
      {handling.isError && <Alert type="error" showIcon title={errorText(handling.error)} />}
      {h !== undefined && (
        <>
          <Row gutter={16} className="lt-incident-figures">
            <Col xs={12} md={6}>
              <Statistic title="事件数" value={h.events} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title="逾期"
                value={h.overdue}
                styles={{ content: h.overdue > 0 ? { color: '#cf1322' } : {} }}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="逾期率" value={percent(h.overdueRate)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="平均响应" value={handlingFigures(h)[0]?.average ?? '—'} />
            </Col>
          </Row>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={handlingFigures(h)}
            columns={[
              { title: '环节', dataIndex: 'label', key: 'label' },
              { title: '平均用时', dataIndex: 'average', key: 'average' },
              { title: '中位用时', dataIndex: 'median', key: 'median' },
              { title: '参与计算的事件', dataIndex: 'count', key: 'count', align: 'right' },
            ]}
          />
        </>
      )}
    </Card>
  );
}

/**
 * 事件统计: the handling figures (response, handling, overdue rate) and the events by catalogue, by
 * grid (a grid's name drills into its children), by organisation and by period, each with its chart,
 * its table and its Excel export. Filters and the drill-down are in the address.
 */
export function Statistics() {
  const [params, setParams] = useSearchParams();
  const filters = filterParams(params);
  const gridCode = params.get('grid') ?? undefined;
  const timeType = params.get('timeType') ?? 'day';
  const withParam = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(name);
    else next.set(name, value);
    return next;
  };
  const set = (name: string, value: string | undefined) => setParams(withParam(name, value));
  // The drill-down path: each level of a grid code is three more digits below the county's six.
  const gridPath: string[] = [];
  for (let end = 9; gridCode !== undefined && end <= gridCode.length; end += 3) gridPath.push(gridCode.slice(0, end));

  return (
    <>
      <IncidentFilters />
      <HandlingCard params={filters} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <BreakdownPane kind="byCatalog" title="按类别" first="类别" params={filters} horizontal />
        </Col>
        <Col xs={24} xl={12}>
          <BreakdownPane
            kind="byGrid"
            title="按网格"
            first="网格"
            params={{ ...filters, gridCode }}
            horizontal
            onKey={(r) => r.key !== null && r.key.length >= 9 && r.key !== gridCode && set('grid', r.key)}
            head={
              <Breadcrumb
                className="lt-incident-crumbs"
                items={[
                  {
                    key: 'top',
                    title:
                      gridCode === undefined ? (
                        '顶级网格'
                      ) : (
                        <Link to={`?${withParam('grid', undefined)}`}>顶级网格</Link>
                      ),
                  },
                  ...gridPath.map((code) => ({
                    key: code,
                    title: code === gridCode ? code : <Link to={`?${withParam('grid', code)}`}>{code}</Link>,
                  })),
                ]}
              />
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <BreakdownPane kind="byOrg" title="按组织" first="组织" params={filters} horizontal />
        </Col>
        <Col xs={24} xl={12}>
          <BreakdownPane
            kind="byPeriod"
            title="按时间"
            first="时间"
            params={{ ...filters, timeType }}
            head={
              <Segmented
                size="small"
                options={TIME_TYPES}
                value={timeType}
                onChange={(v) => set('timeType', String(v))}
                className="lt-incident-time-type"
              />
            }
          />
        </Col>
      </Row>
    </>
  );
}
