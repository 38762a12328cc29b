import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './query-client';

const THEME = { token: { colorPrimary: '#1677ff' } };

// Date pickers speak Chinese and start the week on Monday, like the rest of the console.
dayjs.locale('zh-cn');

/** Two-character labels read as written (保存, 登录), not with antd's inserted space (保 存). */
const BUTTON = { autoInsertSpace: false };

/** antd in Chinese with the product's blue, `App.useApp()` (messages, modals) and the query cache, for every section. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={zhCN} theme={THEME} button={BUTTON}>
      <App>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
