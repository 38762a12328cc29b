import { ALARM_KINDS } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { AlarmLevelTag } from '../../shared/alarm/AlarmLevelTag';
import { errorText } from '../../shared/api';
import { formatSeconds } from '../../shared/time';
import { noiseZoneName } from './device-form';
import { type DeviceConfig, deviceKeys, getDeviceConfig } from './devices.api';

type FactorRow = DeviceConfig['factors'][number];
type RuleRow = DeviceConfig['rules'][number];

const none = <span className="lt-muted">—</span>;

const kindName = (kind: string): string =>
  Object.hasOwn(ALARM_KINDS, kind) ? ALARM_KINDS[kind as keyof typeof ALARM_KINDS] : kind;

/** 设备配置: what the device is expected to send, how soon it counts as offline, its limits and alarm rules. */
export function DeviceConfigCard({ deviceId }: { deviceId: string }) {
  const config = useQuery({
    queryKey: deviceKeys.config(deviceId),
    queryFn: ({ signal }) => getDeviceConfig(deviceId, signal),
  });
  const c = config.data;
  return (
    <Card title="设备配置" size="small">
      {config.isPending && <Skeleton active />}
      {config.isError && <Alert type="error" showIcon title={errorText(config.error)} />}
      {c !== undefined && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              { key: 'type', label: '设备类型', children: `${c.typeName}（${c.type}）` },
              { key: 'interval', label: '上报间隔', children: formatSeconds(c.intervalSeconds) },
              { key: 'offline', label: '离线判定', children: `超过 ${formatSeconds(c.offlineAfterSeconds)} 未上报` },
              {
                key: 'zone',
                label: '声环境功能区',
                children: c.noiseZone === null ? none : noiseZoneName(c.noiseZone),
              },
            ]}
          />
          <Typography.Title level={5} className="lt-device-config-title">
            监测因子
          </Typography.Title>
          <Table<FactorRow>
            aria-label="监测因子"
            rowKey="code"
            size="small"
            pagination={false}
            dataSource={c.factors}
            columns={[
              { title: '因子', dataIndex: 'name', key: 'name' },
              {
                title: '编码',
                dataIndex: 'code',
                key: 'code',
                render: (v: string) => <span className="lt-mono">{v}</span>,
              },
              { title: '单位', dataIndex: 'unit', key: 'unit' },
              { title: '下限', dataIndex: 'lower', key: 'lower', render: (v: number | null) => v ?? none },
              { title: '上限', dataIndex: 'upper', key: 'upper', render: (v: number | null) => v ?? none },
            ]}
          />
          <Typography.Title level={5} className="lt-device-config-title">
            适用的告警规则 <Link to="/alarms/rules">管理规则</Link>
          </Typography.Title>
          <Table<RuleRow>
            aria-label="适用的告警规则"
            rowKey="ruleId"
            size="small"
            pagination={false}
            dataSource={c.rules}
            locale={{ emptyText: '没有适用于此设备的告警规则' }}
            columns={[
              { title: '规则', dataIndex: 'name', key: 'name' },
              { title: '类型', dataIndex: 'kind', key: 'kind', render: (v: string) => <Tag>{kindName(v)}</Tag> },
              {
                title: '因子',
                dataIndex: 'factor',
                key: 'factor',
                render: (v: string | null) => (v === null ? none : (c.factors.find((f) => f.code === v)?.name ?? v)),
              },
              {
                title: '级别',
                dataIndex: 'level',
                key: 'level',
                render: (level: number) => <AlarmLevelTag level={level} />,
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
