import { ClockCircleOutlined, EnvironmentOutlined, PictureOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PRIORITY_COLORS, STATE_COLORS } from '../sections/grid-events/event-view';
import { eventKeys, listEvents } from '../sections/grid-events/events.api';
import { errorText } from '../shared/api';
import { myTaskOrder } from './mobile';

const PARAMS = { mine: '1', pageSize: 50 } as const;

/** 我的任务: the events assigned to me or reported by me, as cards; waiting work (overdue first) on top. */
export function MyTasks() {
  const list = useQuery({
    queryKey: eventKeys.list(PARAMS),
    queryFn: ({ signal }) => listEvents(PARAMS, signal),
    refetchInterval: 60_000,
  });
  const events = myTaskOrder(list.data?.list ?? []);

  return (
    <div className="lt-m-list">
      <div className="lt-m-list-head">
        <Typography.Text type="secondary">共 {list.data?.total ?? 0} 件</Typography.Text>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={list.isFetching}
          onClick={() => void list.refetch()}
          aria-label="刷新"
        >
          刷新
        </Button>
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      {list.isSuccess && events.length === 0 && <Empty description="暂无派给您的事件" />}
      <ul className="lt-m-cards" aria-label="我的任务">
        {events.map((e) => (
          <li key={e.eventId}>
            <Link to={`/m/event/${e.eventId}`} className={e.overdue ? 'lt-m-task lt-m-task-overdue' : 'lt-m-task'}>
              <div className="lt-m-task-top">
                <Tag color={STATE_COLORS[e.eventState]}>{e.stateName}</Tag>
                {e.overdue && <Tag color="error">逾期</Tag>}
                {e.priority < 3 && <Tag color={PRIORITY_COLORS[e.priority]}>{e.priorityName}</Tag>}
                <span className="lt-m-task-no">{e.eventNo}</span>
              </div>
              <div className="lt-m-task-title">{e.title}</div>
              <div className="lt-m-task-meta">
                <span>{e.catalogName}</span>
                {e.photoCount > 0 && (
                  <span>
                    <PictureOutlined /> {e.photoCount}
                  </span>
                )}
              </div>
              <div className="lt-m-task-meta">
                <EnvironmentOutlined /> {e.gridName ?? ''} {e.address}
              </div>
              {e.deadline !== null && (
                <div className={e.overdue ? 'lt-m-task-deadline lt-m-overdue' : 'lt-m-task-deadline'}>
                  <ClockCircleOutlined /> 时限 {e.deadline}
                  {e.overdue ? '（已逾期）' : ''}
                </div>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
