import { ReloadOutlined } from '@ant-design/icons';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Button, Col, Row, Typography } from 'antd';
import { useApiError } from '../../shared/api';
import { HealthCard } from './HealthCard';
import { ReadinessCard } from './ReadinessCard';
import { StatusBanner } from './StatusBanner';
import { healthQuery, readinessQuery } from './system.api';
import './system.css';

/** What a check card shows besides its figures: loading, the latest failure, when the figures were read. */
const cardState = (query: UseQueryResult<unknown>) => ({
  error: query.error,
  loading: query.isPending,
  updatedAt: query.dataUpdatedAt,
});

/**
 * 系统状态: the server's own health checks (/readyz and /healthz) for the operator on duty, refreshed
 * every 30 s. The model section: a folder with its lazy entry (this file), its calls (system.api.ts),
 * its components and its pure, tested logic (readiness.ts, uptime.ts).
 */
export default function SystemSection() {
  const readiness = useQuery(readinessQuery);
  const health = useQuery(healthQuery);
  const showError = useApiError();

  const refresh = async () => {
    const results = await Promise.all([readiness.refetch(), health.refetch()]);
    const failed = results.find((r) => r.isError);
    if (failed !== undefined) showError(failed.error, '刷新系统状态');
  };

  return (
    <div className="lt-system">
      <div className="lt-system-head">
        <div>
          <Typography.Title level={3}>系统状态</Typography.Title>
          <Typography.Text type="secondary">服务器的存活与就绪检查，每 30 秒自动刷新。</Typography.Text>
        </div>
        <Button
          icon={<ReloadOutlined />}
          loading={readiness.isFetching || health.isFetching}
          onClick={() => void refresh()}
        >
          立即刷新
        </Button>
      </div>
      <StatusBanner readiness={readiness.data} error={readiness.error} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ReadinessCard readiness={readiness.data} {...cardState(readiness)} />
        </Col>
        <Col xs={24} lg={12}>
          <HealthCard health={health.data} {...cardState(health)} />
        </Col>
      </Row>
    </div>
  );
}
