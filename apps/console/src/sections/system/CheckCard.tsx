import { formatChinaDateTime } from '@lantian/domain';
import { Alert, Card, Descriptions, type DescriptionsProps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../../shared/api';

interface Props {
  title: string;
  /** The card's verdict, top right. */
  extra?: ReactNode;
  /** The figures as rows; undefined until the first answer. */
  rows: DescriptionsProps['items'];
  /** What could not be read, for the error shown when there are no figures ('存活状态'). */
  what: string;
  loading: boolean;
  error: Error | null;
  /** When the figures were read (TanStack Query's dataUpdatedAt, ms). */
  updatedAt: number;
}

const STYLES: DescriptionsProps['styles'] = { label: { width: 160 } };

/**
 * One check's card: its figures, when they were read (China time), and what went wrong. When the
 * latest check failed while older figures are still shown, a warning says so: stale figures never
 * pass for current ones.
 */
export function CheckCard({ title, extra, rows, what, loading, error, updatedAt }: Props) {
  return (
    <Card title={title} extra={extra} loading={loading && rows === undefined}>
      {rows === undefined ? (
        error !== null && <Alert type="error" showIcon title={`无法获取${what}`} description={errorText(error)} />
      ) : (
        <>
          <Descriptions column={1} bordered styles={STYLES} items={rows} />
          <div className="lt-system-foot">
            <Typography.Text type="secondary">
              检查时间 {updatedAt === 0 ? '—' : formatChinaDateTime(Math.floor(updatedAt / 1000))}
            </Typography.Text>
            {error !== null && (
              <Alert
                className="lt-system-stale"
                type="warning"
                showIcon
                title={`最近一次检查失败：${errorText(error)}`}
                description="以上是上次成功检查的结果。"
              />
            )}
          </div>
        </>
      )}
    </Card>
  );
}
