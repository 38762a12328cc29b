import './page-loading.css';

/**
 * What a page area shows while its code or first data arrives. Plain CSS rather than antd's Spin, so
 * the first screen's JavaScript does not carry it.
 */
export function PageLoading() {
  return (
    <div className="lt-page-loading" role="status" aria-label="加载中">
      <span className="lt-page-loading-spinner" aria-hidden="true" />
    </div>
  );
}
