import { Spin } from 'antd';

/** The content area while a section's code arrives. */
export function SectionLoading() {
  return (
    <div className="lt-console-loading" role="status" aria-label="加载中">
      <Spin size="large" />
    </div>
  );
}
