import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import type { Section } from '../sections';

/** 403: the section exists, but the operator's roles do not include it. */
export function Forbidden({ section }: { section: Section }) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="没有访问权限"
      subTitle={`您的角色不包含“${section.label}”。如需使用，请联系系统管理员分配权限。`}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
