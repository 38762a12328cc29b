import { Component, type ErrorInfo, Fragment, type ReactNode } from 'react';

interface Props {
  /** A new value (the address) clears the error: the next page gets its chance. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
  attempt: number;
}

/**
 * Keeps the shell standing when a page throws while rendering or its chunk fails to load (spec §8: the
 * page never goes blank): the page area shows what happened and a retry; search, tabs and menu still work.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    const { error, attempt } = this.state;
    if (error === null) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    // A chunk that failed to download stays failed in this page's module map: only a reload fetches it again.
    const chunk = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
    return (
      <div className="lt-page-error" role="alert">
        <h2>页面加载失败</h2>
        <p>{chunk ? '网络不稳定，页面文件没有下载成功。' : '页面出现了问题，请重试。'}</p>
        <div className="lt-page-error-actions">
          <button
            type="button"
            className="lt-button lt-button-primary"
            onClick={() => (chunk ? window.location.reload() : this.setState({ error: null, attempt: attempt + 1 }))}
          >
            重试
          </button>
          <button type="button" className="lt-button" onClick={() => window.location.reload()}>
            刷新页面
          </button>
        </div>
      </div>
    );
  }
}
