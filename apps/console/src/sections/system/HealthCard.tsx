import type { HealthResponse } from '@lantian/contracts';
import { Badge } from 'antd';
import { CheckCard } from './CheckCard';
import { formatUptime } from './uptime';

interface Props {
  health: HealthResponse['data'] | undefined;
  error: Error | null;
  loading: boolean;
  updatedAt: number;
}

/** /healthz: the server process is alive, and how long it has been running. */
export function HealthCard({ health, ...state }: Props) {
  const rows = health && [
    { key: 'process', label: '服务进程', children: <Badge status="success" text="运行中" /> },
    { key: 'uptime', label: '已运行', children: formatUptime(health.uptimeSeconds) },
  ];
  return <CheckCard title="存活检查" rows={rows} what="存活状态" {...state} />;
}
