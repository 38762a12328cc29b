import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AlarmLevelTag } from '../../shared/alarm/AlarmLevelTag';
import { errorText } from '../../shared/api';
import { noticeRoute, TYPE_COLORS } from './notices';
import { getNotice, noticeKeys } from './notices.api';

/** One notice, read in full (reading it marks it read), with a way to what it is about. */
export function NoticeDetail({ noticeId, onClose }: { noticeId: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: noticeKeys.detail(noticeId),
    queryFn: ({ signal }) => getNotice(noticeId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const notice = detail.data;

  // The server marked it read: the list's dot and the unread count follow.
  useEffect(() => {
    if (detail.isSuccess) void queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'list'] });
  }, [detail.isSuccess, queryClient]);

  const route = notice === undefined ? undefined : noticeRoute(notice.link);
  return (
    <Drawer
      open
      size={560}
      title={notice?.title ?? '消息详情'}
      onClose={onClose}
      destroyOnHidden
      extra={
        route !== undefined && (
          <Button type="primary" onClick={() => navigate(route)}>
            前往查看
          </Button>
        )
      }
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={errorText(detail.error)} />}
      {notice !== undefined && (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'type', label: '类型', children: <Tag color={TYPE_COLORS[notice.type]}>{notice.typeName}</Tag> },
              ...(notice.level === null
                ? []
                : [{ key: 'level', label: '级别', children: <AlarmLevelTag level={notice.level} full /> }]),
              { key: 'time', label: '时间', children: notice.createdAt },
            ]}
          />
          <Typography.Paragraph className="lt-notice-content">{notice.content}</Typography.Paragraph>
        </>
      )}
    </Drawer>
  );
}
