import { Card, Typography } from 'antd';
import { useParams } from 'react-router';

/** What a page shows until its issue lands: the page's name and the city in the address. */
export function ComingSoon({ title }: { title: string }) {
  const city = useParams()['*'] ?? '';
  return (
    <Card>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {city === '' ? '全国' : city} · 数据页面建设中，即将上线。
      </Typography.Paragraph>
    </Card>
  );
}
