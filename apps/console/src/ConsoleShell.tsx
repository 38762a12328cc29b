import { Alert, Layout, Menu, Typography } from 'antd';

/**
 * The operator platform's frame. Its modules (alarms, grid events, lidar, reports…) arrive with
 * their own issues and appear in the menu as they do; until then the menu shows what is planned.
 */
const PLANNED = [
  '空气质量监测',
  '告警中心',
  '网格事件',
  '激光雷达',
  '噪声监测',
  '油烟监测',
  'VOC 分析',
  '报表中心',
  '数据大屏',
];

export function ConsoleShell() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
          蓝天 · 生态环境监管平台
        </Typography.Title>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light" breakpoint="md" collapsedWidth={0}>
          <Menu
            mode="inline"
            aria-label="平台功能"
            items={PLANNED.map((label) => ({ key: label, label, disabled: true }))}
          />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24 }}>
          <Alert type="info" showIcon title="运营平台建设中" description="运营人员登录与各业务模块将陆续上线。" />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
