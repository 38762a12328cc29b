import { Alert } from 'antd';
import { errorText } from '../../shared/api';
import type { Readiness } from './readiness';

/** The one-line verdict above the cards: ready, not ready (the server's words), or no answer at all. */
export function StatusBanner({ readiness, error }: { readiness: Readiness | undefined; error: Error | null }) {
  if (readiness === undefined) {
    if (error === null) return null;
    return <Alert type="error" showIcon title="无法获取系统状态" description={errorText(error)} />;
  }
  if (!readiness.ready) {
    return (
      <Alert
        type="error"
        showIcon
        title="服务暂不可用"
        description={`${readiness.msg}。系统每 30 秒自动重新检查，恢复后此处会变为正常。`}
      />
    );
  }
  const seeding = readiness.checks.demoSeed === 'running';
  return (
    <Alert
      type={seeding ? 'info' : 'success'}
      showIcon
      title="服务运行正常"
      description={
        seeding
          ? '数据库与共享状态均可用；演示数据仍在后台生成，部分页面的历史数据尚不完整。'
          : '数据库与共享状态均可用。'
      }
    />
  );
}
