import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';

/** A chunk that failed to download stays failed in this page's module map: only a reload fetches it again. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Failed to fetch|error loading/i;

/**
 * What the content area shows when a section throws while rendering or its code does not load: what
 * happened and a way out, inside the shell, whose menu keeps working.
 */
export function SectionError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    console.error('section failed', error);
  }, [error]);

  const chunk = error instanceof Error && CHUNK_FAILURE.test(error.message);
  // Navigating to the same address is a new location: React Router clears the error and renders again.
  const retry = () => (chunk ? window.location.reload() : navigate(location, { replace: true }));
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={chunk ? '网络不稳定，页面文件没有下载成功。' : '页面出现了问题，请重试；问题持续时请联系管理员。'}
      extra={[
        <Button key="retry" type="primary" onClick={retry}>
          重试
        </Button>,
        <Button key="reload" onClick={() => window.location.reload()}>
          刷新页面
        </Button>,
      ]}
    />
  );
}
