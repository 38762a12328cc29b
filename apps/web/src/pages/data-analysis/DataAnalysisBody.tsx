import { Tabs } from 'antd';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AntdScope } from '../../shared/antd/AntdScope';
import { ClusterPanel } from './ClusterPanel';
import { HistoryPanel } from './HistoryPanel';
import { type PageState, readState, writeState } from './url-state';
import './data-analysis.css';

/**
 * 数据分析 (/analysis/data): the history query (cities or stations, pollutants, granularity, period;
 * chart, paged table, CSV/Excel export, share link) and the station clusters. Its whole state is in
 * the address, so a shared link opens the same view; a change replaces the entry rather than piling
 * up history.
 */
export default function DataAnalysisBody() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readState(location.search), [location.search]);
  const set = useCallback(
    (next: PageState) => navigate({ pathname: location.pathname, search: writeState(next) }, { replace: true }),
    [navigate, location.pathname],
  );
  const shareablePath = () => `${location.pathname}${writeState(state)}`;

  return (
    <AntdScope>
      <div className="lt-da-page">
        <header className="lt-da-head">
          <h1>数据分析</h1>
          <p>任选城市或站点，查看各项污染物的历史变化，导出数据，或按日变化规律对站点聚类。</p>
        </header>
        <Tabs
          activeKey={state.tab}
          onChange={(tab) => set({ ...state, tab: tab === 'cluster' ? 'cluster' : 'history' })}
          items={[
            {
              key: 'history',
              label: '历史数据',
              children: (
                <HistoryPanel
                  state={state.history}
                  onChange={(history) => set({ ...state, history })}
                  shareablePath={shareablePath}
                />
              ),
            },
            {
              key: 'cluster',
              label: '站点聚类',
              children: <ClusterPanel state={state.cluster} onChange={(cluster) => set({ ...state, cluster })} />,
            },
          ]}
        />
      </div>
    </AntdScope>
  );
}
