import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../shared/api';
import { dictLabel, useDict } from '../../shared/lookups/dict';
import { useCan } from '../../shared/session/session-context';
import { useUrlTable } from '../../shared/table/useUrlTable';
import { DeviceForm } from './DeviceForm';
import { adoptFields } from './device-form';
import { deviceKeys, listUnregistered, type UnregisteredDevice } from './devices.api';

const NO_FILTERS: readonly string[] = [];

/**
 * 未登记设备: MNs the HJ 212 gateway heard from that nobody registered (their packets are refused).
 * 收编 opens the new-device form with the MN and the factors it sent.
 */
export function UnregisteredList() {
  const table = useUrlTable<UnregisteredDevice>(NO_FILTERS);
  const canEdit = useCan('device:edit');
  const factors = useDict('factor');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [adopting, setAdopting] = useState<ReturnType<typeof adoptFields> | undefined>(undefined);

  const list = useQuery({
    queryKey: deviceKeys.unregisteredList(table.params),
    queryFn: ({ signal }) => listUnregistered(table.params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

  const columns: TableColumnsType<UnregisteredDevice> = [
    {
      title: 'MN',
      dataIndex: 'mn',
      key: 'mn',
      width: 230,
      render: (v: string) => <span className="lt-mono">{v}</span>,
    },
    { title: '首次报文', dataIndex: 'firstSeen', key: 'firstSeen', width: 170 },
    { title: '最后报文', dataIndex: 'lastSeen', key: 'lastSeen', width: 170 },
    { title: '报文数', dataIndex: 'packets', key: 'packets', width: 90, align: 'right' },
    {
      title: '最后来源 IP',
      dataIndex: 'lastIp',
      key: 'lastIp',
      width: 150,
      render: (v: string) => <span className="lt-mono">{v}</span>,
    },
    {
      title: 'ST / CN',
      key: 'stcn',
      width: 110,
      render: (_, r) => (
        <Tooltip title="ST：系统编码；CN：命令编码（2011 实时数据、2051 分钟数据、2061 小时数据、2031 日数据）">
          <span className="lt-mono">
            {r.st ?? '—'} / {r.lastCn ?? '—'}
          </span>
        </Tooltip>
      ),
    },
    {
      title: '报文中的因子',
      key: 'factors',
      render: (_, r) =>
        r.factors.length === 0 ? (
          <span className="lt-muted">无</span>
        ) : (
          r.factors.map((code) => (
            <Tag key={code} title={code}>
              {dictLabel(factors.data?.items, code)}
            </Tag>
          ))
        ),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, r: UnregisteredDevice) => (
              <Button type="link" size="small" onClick={() => setAdopting(adoptFields(r, factors.data?.items))}>
                收编
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Alert
        type="info"
        showIcon
        className="lt-form-alert"
        title="网关收到了以下 MN 的报文，但它们尚未登记，报文被拒收。确认是本单位的设备后可「收编」：登记为设备后即开始接收数据。"
      />
      <Table<UnregisteredDevice>
        aria-label="未登记设备列表"
        rowKey="mn"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching && list.data === undefined}
        pagination={table.pagination(list.data?.total ?? 0)}
        onChange={table.onChange}
        scroll={{ x: 1200 }}
        locale={{ emptyText: list.isError ? errorText(list.error) : '没有未登记的设备' }}
      />
      {!canEdit && <Typography.Text type="secondary">收编需要「登记、修改、退役设备与站点」权限。</Typography.Text>}
      {adopting !== undefined && (
        <DeviceForm
          initial={adopting.fields}
          unknownFactors={adopting.unknownFactors}
          onClose={() => setAdopting(undefined)}
          onSaved={(row) => {
            void message.success(`已收编设备 ${row.name}（${row.mn}）`);
            setAdopting(undefined);
            void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
          }}
        />
      )}
    </>
  );
}
