import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

const THEME = { token: { colorPrimary: '#1677ff', borderRadius: 8 } };

/**
 * antd in Chinese with the product's blue, and `App.useApp()` for what is inside. The first screen
 * (shell and the city page's headline) is plain React and CSS; every part that uses antd components
 * (page blocks, side navigation, account dialogs, toasts) loads lazily and wraps itself in this scope.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
