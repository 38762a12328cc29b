import type { DeviceRow } from '@lantian/contracts';
import { Card, Empty, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { DeviceDetail } from './devices.api';
import { flagColor, flagName, formatValue, limitBreach } from './telemetry';

interface Props {
  latest: DeviceDetail['latest'];
  factors: DeviceRow['factors'];
  /** When the values were read (ms), for "更新于". */
  updatedAt: number;
  fetching: boolean;
}

/** The latest value of each factor, as tiles; over its upper limit in red. Read again every 10 s. */
export function LatestValues({ latest, factors, updatedAt, fetching }: Props) {
  const limits = new Map(factors.map((f) => [f.code, f]));
  return (
    <Card
      title="实时数据"
      size="small"
      extra={
        <Typography.Text type="secondary" aria-live="polite">
          每 10 秒刷新{fetching ? ' · 正在刷新…' : ` · 更新于 ${dayjs(updatedAt).format('HH:mm:ss')}`}
        </Typography.Text>
      }
    >
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据：设备尚未上报" />
      ) : (
        <ul className="lt-device-latest" aria-label="各因子最新值">
          {latest.map((v) => {
            const limit = limits.get(v.factor);
            const breach = limitBreach(v.value, limit);
            return (
              <li key={v.factor} className={breach === undefined ? undefined : 'lt-device-latest-over'}>
                <div className="lt-device-latest-name">
                  {v.name}
                  <Typography.Text type="secondary" className="lt-mono">
                    {' '}
                    {v.factor}
                  </Typography.Text>
                </div>
                <div className="lt-device-latest-value">
                  {formatValue(v.value)}
                  <span className="lt-device-latest-unit">{v.unit}</span>
                </div>
                <div className="lt-device-latest-foot">
                  <Tooltip title="HJ 212 数据标记">
                    <Tag color={flagColor(v.flag)}>{flagName(v.flag)}</Tag>
                  </Tooltip>
                  <Typography.Text type="secondary">{v.time.slice(5, 19)}</Typography.Text>
                </div>
                {breach !== undefined && (
                  <Typography.Text type="danger" className="lt-device-latest-limit">
                    {breach === 'upper' ? `超过上限 ${limit?.upper}` : `低于下限 ${limit?.lower}`}
                  </Typography.Text>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
