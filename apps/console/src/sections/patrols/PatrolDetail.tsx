import { ArrowLeftOutlined } from '@ant-design/icons';
import { PATROL_STATUSES } from '@lantian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, List, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../shared/api';
import { formatSeconds } from '../../shared/time';
import { formatDistance, STATUS_COLORS } from './patrol-view';
import { getPatrol, patrolKeys } from './patrols.api';
import { TrackReplay } from './TrackReplay';

const PATROL_ID = /^[1-9]\d{0,11}$/;

/**
 * One patrol: who, where, how, how long and how far, the track replayed on the map, and the events
 * reported on the way (each opens in 网格事件). An active patrol refreshes every 30 s.
 */
export function PatrolDetail() {
  const { patrolId = '' } = useParams();
  const navigate = useNavigate();
  const valid = PATROL_ID.test(patrolId);
  const detail = useQuery({
    queryKey: patrolKeys.detail(patrolId),
    queryFn: ({ signal }) => getPatrol(patrolId, signal),
    enabled: valid,
    refetchInterval: (q) => (q.state.data?.status === 'active' ? 30_000 : false),
  });
  const p = detail.data;

  const back = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} className="lt-patrol-back">
      返回列表
    </Button>
  );

  if (!valid) return <Alert type="error" showIcon title="巡查编号不正确" action={back} />;
  if (detail.isError) return <Alert type="error" showIcon title={errorText(detail.error)} action={back} />;
  if (p === undefined) return <Spin className="lt-patrol-loading" />;

  return (
    <div className="lt-patrol-detail">
      <Space className="lt-patrol-head" wrap>
        {back}
        <Typography.Title level={5} className="lt-patrol-title">
          {p.operatorName} · {p.startedAt.slice(0, 16)} 的巡查
        </Typography.Title>
        <Tag color={STATUS_COLORS[p.status]}>{PATROL_STATUSES[p.status]}</Tag>
      </Space>
      <div className="lt-patrol-stats">
        <Statistic title="里程" value={formatDistance(p.distanceM)} />
        <Statistic title="时长" value={formatSeconds(p.durationSeconds)} />
        <Statistic title="轨迹点" value={p.pointCount} />
        <Statistic title="上报事件" value={p.eventCount} />
      </div>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} className="lt-patrol-info">
        <Descriptions.Item label="网格">{p.gridName ?? '（未划入网格）'}</Descriptions.Item>
        <Descriptions.Item label="方式">{p.toolName}</Descriptions.Item>
        <Descriptions.Item label="开始">{p.startedAt}</Descriptions.Item>
        <Descriptions.Item label="结束">{p.endedAt ?? '巡查中'}</Descriptions.Item>
        {p.note !== '' && <Descriptions.Item label="备注">{p.note}</Descriptions.Item>}
      </Descriptions>
      {p.trackSimplified && (
        <Alert
          type="info"
          showIcon
          title={`轨迹点较多（${p.pointCount} 个），地图上显示的是抽稀后的轨迹。`}
          className="lt-form-alert"
        />
      )}
      <TrackReplay track={p.track} events={p.events} />
      <Card size="small" title={`巡查中上报的事件（${p.events.length}）`} className="lt-patrol-events">
        <List
          dataSource={p.events}
          locale={{ emptyText: '这次巡查没有上报事件' }}
          renderItem={(e) => (
            <List.Item
              extra={<Typography.Text type="secondary">{e.reportedAt}</Typography.Text>}
              actions={[
                <Link key="open" to={`/grid-events?eventId=${encodeURIComponent(e.eventId)}`}>
                  查看事件
                </Link>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size={8}>
                    <Link to={`/grid-events?eventId=${encodeURIComponent(e.eventId)}`}>{e.title}</Link>
                    <Tag>{e.stateName}</Tag>
                  </Space>
                }
                description={e.address === '' ? `${e.longitude.toFixed(5)}, ${e.latitude.toFixed(5)}` : e.address}
              />
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
