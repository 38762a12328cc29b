import { ApiOutlined } from '@ant-design/icons';
import { OPEN_TOKEN_TTL_SECONDS } from '@lantian/contracts';
import { Card, Typography } from 'antd';
import { usageExample } from './open-apps';

/** How a third party uses what this screen hands out: key and secret → token → Bearer calls. */
export function UsageHelp() {
  const example = usageExample(window.location.origin);
  return (
    <Card
      size="small"
      title="调用说明"
      className="lt-openapp-help"
      extra={
        <Typography.Link href="/api/docs" target="_blank" rel="noopener noreferrer">
          <ApiOutlined /> 接口文档（OpenAPI）
        </Typography.Link>
      }
    >
      <ol className="lt-openapp-steps">
        <li>在本页登记应用，取得 appKey 与 appSecret（appSecret 只显示一次）。</li>
        <li>
          调用方以 <Typography.Text code>POST /api/open/token</Typography.Text> 提交 appKey 与 appSecret（JSON
          或表单），换取访问令牌 token，有效 {OPEN_TOKEN_TTL_SECONDS / 3600} 小时（应用先到期则以到期时间为准）。
        </li>
        <li>
          调用 <Typography.Text code>/api/open/…</Typography.Text> 时带请求头{' '}
          <Typography.Text code>Authorization: Bearer &lt;token&gt;</Typography.Text>
          （或 <Typography.Text code>Authentication-Token</Typography.Text>
          ）；只能调用登记时允许的接口，超出每分钟限额返回 429。
        </li>
        <li>停用应用或重置密钥后，已签发的令牌立即失效。</li>
      </ol>
      <Typography.Paragraph
        copyable={{ text: example, tooltips: ['复制示例', '已复制'] }}
        className="lt-openapp-example"
      >
        <pre>{example}</pre>
      </Typography.Paragraph>
    </Card>
  );
}
