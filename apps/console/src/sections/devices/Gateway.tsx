import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Input,
  Row,
  Select,
  Skeleton,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { errorText } from '../../shared/api';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { deviceKeys, getGatewayStats, listPackets, type RawPacketRow } from './devices.api';
import { OUTCOME_OPTIONS, outcomeName, type RefusalRow, refusalRows, refusedTotal } from './gateway';

const FILTERS = ['mn', 'outcome'] as const;

/** 网关: the HJ 212 gateway's figures since it started (refreshed every 10 s) and its raw packet log. */
export function Gateway() {
  const stats = useQuery({
    queryKey: deviceKeys.gateway,
    queryFn: ({ signal }) => getGatewayStats(signal),
    refetchInterval: 10_000,
  });
  const s = stats.data;
  const refusals = s === undefined ? [] : refusalRows(s.refused);

  return (
    <>
      {stats.isError && <Alert type="error" showIcon title={errorText(stats.error)} className="lt-form-alert" />}
      {s === undefined ? (
        stats.isPending && <Skeleton active />
      ) : (
        <Row gutter={[16, 16]} className="lt-device-gateway-stats">
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic
                title={s.tcp.enabled ? `TCP 接入（端口 ${s.tcp.port ?? '—'}）` : 'TCP 接入（未启用，仅 HTTP 推送）'}
                value={s.tcp.connections}
                suffix="个连接"
              />
            </Card>
          </Col>
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic title="已入库报文" value={s.packets} />
            </Card>
          </Col>
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic title="已入库数值" value={s.values} />
            </Card>
          </Col>
          <Col xs={12} lg={6}>
            <Card size="small">
              <Statistic
                title="拒收报文"
                value={refusedTotal(s.refused)}
                styles={{ content: refusedTotal(s.refused) > 0 ? { color: '#cf1322' } : undefined }}
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card
              size="small"
              title="拒收原因"
              extra={
                <Typography.Text type="secondary">
                  自 {s.since} 起（本实例启动以来）
                  <Button
                    type="link"
                    size="small"
                    icon={<ReloadOutlined />}
                    loading={stats.isFetching}
                    onClick={() => void stats.refetch()}
                  >
                    刷新
                  </Button>
                </Typography.Text>
              }
            >
              <Table<RefusalRow>
                aria-label="拒收原因"
                rowKey="reason"
                size="small"
                pagination={false}
                dataSource={refusals}
                locale={{ emptyText: '没有拒收的报文' }}
                columns={[
                  { title: '原因', dataIndex: 'name', key: 'name' },
                  {
                    title: '代码',
                    dataIndex: 'reason',
                    key: 'reason',
                    render: (v: string) => <span className="lt-mono">{v}</span>,
                  },
                  { title: '报文数', dataIndex: 'count', key: 'count', align: 'right' },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
      <PacketLog />
    </>
  );
}

/** 报文日志: every packet received, newest first, filtered by MN and outcome. */
function PacketLog() {
  const table = useUrlTable<RawPacketRow>(FILTERS);
  const list = useQuery({
    queryKey: deviceKeys.packets(table.params),
    queryFn: ({ signal }) => listPackets(table.params, signal),
    placeholderData: keepPreviousData,
  });
  const { filters } = table.query;

  const columns: TableColumnsType<RawPacketRow> = [
    { title: '接收时间', dataIndex: 'receivedAt', key: 'receivedAt', width: 170 },
    {
      title: 'MN',
      dataIndex: 'mn',
      key: 'mn',
      width: 220,
      render: (v: string | null) =>
        v === null ? (
          <span className="lt-muted">—</span>
        ) : (
          <Typography.Link className="lt-mono" onClick={() => table.setFilters({ mn: v })} title={`只看 ${v}`}>
            {v}
          </Typography.Link>
        ),
    },
    { title: 'CN', dataIndex: 'cn', key: 'cn', width: 70, render: (v: string | null) => v ?? '—' },
    {
      title: '结果',
      dataIndex: 'outcome',
      key: 'outcome',
      width: 190,
      render: (v: string) => <Tag color={v === 'accepted' ? 'success' : 'error'}>{outcomeName(v)}</Tag>,
    },
    {
      title: '来源',
      dataIndex: 'peer',
      key: 'peer',
      width: 170,
      render: (v: string) => <span className="lt-mono">{v}</span>,
    },
    {
      title: '报文',
      dataIndex: 'raw',
      key: 'raw',
      ellipsis: true,
      render: (v: string) => <span className="lt-mono lt-device-raw">{v}</span>,
    },
  ];

  return (
    <Card size="small" title="报文日志" className="lt-device-packets">
      <search className="lt-filters" aria-label="筛选报文">
        <Input.Search
          allowClear
          placeholder="MN（精确）"
          defaultValue={filters.mn}
          key={filters.mn ?? ''}
          onSearch={(mn) => table.setFilters({ mn })}
          className="lt-filter-keyword"
          aria-label="MN"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="结果"
          value={filters.outcome}
          onChange={(outcome?: string) => table.setFilters({ outcome })}
          options={OUTCOME_OPTIONS}
          className="lt-filter-select"
          aria-label="结果"
        />
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          刷新
        </Button>
      </search>
      <Table<RawPacketRow>
        aria-label="报文日志"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        expandable={{
          expandedRowRender: (r) => (
            <Typography.Paragraph copyable={{ text: r.raw }} className="lt-mono lt-device-raw-full">
              {r.raw}
              {r.qn !== null && <span className="lt-muted">{`\nQN：${r.qn}`}</span>}
            </Typography.Paragraph>
          ),
        }}
        scroll={{ x: 1200 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : '暂无报文' }}
      />
    </Card>
  );
}
