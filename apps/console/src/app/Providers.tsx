import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './query-client';

const THEME = { token: { colorPrimary: '#1677ff' } };

/** antd in Chinese with the product's blue, `App.useApp()` (messages, modals) and the query cache, for every section. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <App>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
