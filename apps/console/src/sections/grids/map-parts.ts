import { CustomChart } from 'echarts/charts';
import { echarts } from '../../shared/charts/echarts';

/**
 * The ECharts parts only this section draws with (polygons of a custom series), added to the shared
 * build here so that they load with the section's chunk, not with every section that draws a chart.
 */
echarts.use([CustomChart]);

const registered = new Set<string>();

/** Registers an outline (a parsed FeatureCollection) with ECharts once, under a name of its own. */
export function outlineMapName(key: string, outline: unknown): string {
  const name = `lt-grid-outline-${key}`;
  if (!registered.has(name)) {
    echarts.registerMap(name, JSON.stringify(outline));
    registered.add(name);
  }
  return name;
}

export { echarts };
