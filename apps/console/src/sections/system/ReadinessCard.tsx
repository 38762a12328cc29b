import { Badge, Tooltip } from 'antd';
import { CheckCard } from './CheckCard';
import { checkRows, type Readiness } from './readiness';

interface Props {
  readiness: Readiness | undefined;
  error: Error | null;
  loading: boolean;
  updatedAt: number;
}

/** /readyz: whether the server can serve (database, shared state), and where the demo data stands. */
export function ReadinessCard({ readiness, ...state }: Props) {
  const verdict =
    readiness === undefined ? null : (
      <Badge status={readiness.ready ? 'success' : 'error'} text={readiness.ready ? '就绪' : '未就绪'} />
    );
  const rows =
    readiness &&
    checkRows(readiness.checks).map((row) => ({
      key: row.key,
      label: <Tooltip title={row.hint}>{row.label}</Tooltip>,
      children: <Badge status={row.status} text={row.text} />,
    }));
  return <CheckCard title="就绪检查" extra={verdict} rows={rows} what="就绪状态" {...state} />;
}
