import type { CatalogCountNode } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import { SERVER_TIME_FORMAT } from '../../shared/time';
import { getCatalogTree, incidentKeys } from './incidents.api';
import { filterParams } from './stats';

interface CatalogOption {
  value: string;
  title: string;
  children: CatalogOption[];
}

const catalogOptions = (nodes: readonly CatalogCountNode[]): CatalogOption[] =>
  nodes.map((n) => ({ value: n.code, title: `${n.name}（${n.count}）`, children: catalogOptions(n.children) }));

const PRESETS: { label: string; value: [Dayjs, Dayjs] }[] = [
  { label: '近 7 天', value: [dayjs().subtract(7, 'day').startOf('day'), dayjs().endOf('day')] },
  { label: '近 30 天', value: [dayjs().subtract(30, 'day').startOf('day'), dayjs().endOf('day')] },
  { label: '近 90 天', value: [dayjs().subtract(90, 'day').startOf('day'), dayjs().endOf('day')] },
  { label: '今年', value: [dayjs().startOf('year'), dayjs().endOf('day')] },
];

/**
 * The section's filters, kept in the address (`startTime`, `endTime`, `catalog`): the period (the
 * last 30 days when none is given, as the server counts) and the catalogue, offered with its events
 * in the period.
 */
export function IncidentFilters({ extra }: { extra?: React.ReactNode }) {
  const [params, setParams] = useSearchParams();
  const filters = filterParams(params);
  const periodOnly = { startTime: filters.startTime, endTime: filters.endTime };
  const tree = useQuery({
    queryKey: incidentKeys.catalogTree(periodOnly),
    queryFn: ({ signal }) => getCatalogTree(periodOnly, signal),
  });
  const set = (values: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, value);
    }
    setParams(next, { replace: true });
  };
  const start = filters.startTime === undefined ? null : dayjs(filters.startTime, SERVER_TIME_FORMAT);
  const end = filters.endTime === undefined ? null : dayjs(filters.endTime, SERVER_TIME_FORMAT);

  return (
    <search className="lt-filters lt-incident-filters" aria-label="筛选事件">
      <DatePicker.RangePicker
        value={start === null || end === null ? null : [start, end]}
        presets={PRESETS}
        allowClear
        placeholder={['近 30 天', '至今']}
        onChange={(range) =>
          set({
            startTime: range?.[0]?.startOf('day').format(SERVER_TIME_FORMAT),
            endTime: range?.[1]?.endOf('day').format(SERVER_TIME_FORMAT),
          })
        }
        aria-label="时段"
      />
      <TreeSelect
        allowClear
        showSearch={{ treeNodeFilterProp: 'title' }}
        className="lt-filter-select"
        placeholder={tree.data === undefined ? '全部类别' : `全部类别（${tree.data.total}）`}
        value={filters.eventClassification}
        treeData={catalogOptions(tree.data?.tree ?? [])}
        treeDefaultExpandAll
        loading={tree.isPending}
        onChange={(v?: string) => set({ catalog: v })}
        aria-label="事件类别"
      />
      {extra}
    </search>
  );
}
