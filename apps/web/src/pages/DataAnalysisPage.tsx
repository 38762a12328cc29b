import { useEffect } from 'react';
import DataAnalysisBody from './data-analysis/DataAnalysisBody';

/** 数据分析 (issue 18): a lazy route of its own; antd and ECharts load only here. */
export default function DataAnalysisPage() {
  useEffect(() => {
    document.title = '数据分析-蓝天空气质量';
  }, []);
  return <DataAnalysisBody />;
}
