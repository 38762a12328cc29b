import { BarChart, HeatmapChart, PieChart } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { echarts } from '../../shared/charts/echarts';

/**
 * The ECharts parts only this section draws with (the heat map and its colour scale, bars, pies),
 * added to the shared build here so that they load with the section's chunk.
 */
echarts.use([HeatmapChart, BarChart, PieChart, VisualMapComponent]);

const registered = new Set<string>();

/** Registers an outline (a parsed FeatureCollection) with ECharts once, under a name of its own. */
export function outlineMapName(key: string, outline: unknown): string {
  const name = `lt-incident-outline-${key}`;
  if (!registered.has(name)) {
    echarts.registerMap(name, JSON.stringify(outline));
    registered.add(name);
  }
  return name;
}

export { echarts };
