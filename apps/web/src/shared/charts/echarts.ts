import {
  BarChart,
  CustomChart,
  EffectScatterChart,
  HeatmapChart,
  LineChart,
  LinesChart,
  MapChart,
  ScatterChart,
} from 'echarts/charts';
import {
  CalendarComponent,
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts built from the parts the site uses, not the whole library (the full build is ~1 MB). Add a
 * chart or component here when a page needs it. This module is only imported by lazily loaded pages,
 * so none of it is in the first screen's JavaScript.
 */
echarts.use([
  BarChart,
  LineChart,
  LinesChart,
  HeatmapChart,
  MapChart,
  ScatterChart,
  EffectScatterChart,
  CustomChart,
  CalendarComponent,
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
