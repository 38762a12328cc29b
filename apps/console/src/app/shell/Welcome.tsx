import { Button, Result } from 'antd';
import { createElement } from 'react';
import { useNavigate } from 'react-router';
import { SECTIONS } from '../sections';

/** The console's front page until operator sign-in and the dashboards arrive: what can be opened, what is coming. */
export function Welcome() {
  const navigate = useNavigate();
  const built = SECTIONS.filter((s) => !s.planned);
  const planned = SECTIONS.length - built.length;
  return (
    <Result
      icon={<img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={72} height={72} />}
      title="欢迎使用蓝天生态环境监管平台"
      subTitle={`已上线 ${built.length} 项功能，另有 ${planned} 项即将上线；运营人员登录将随后开放。`}
      extra={built.map((s) => (
        <Button key={s.key} type="primary" icon={createElement(s.icon)} onClick={() => navigate(`/${s.path}`)}>
          {s.label}
        </Button>
      ))}
    />
  );
}
