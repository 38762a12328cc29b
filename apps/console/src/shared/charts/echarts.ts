import {
  BarChart,
  CustomChart,
  EffectScatterChart,
  LineChart,
  LinesChart,
  PieChart,
  ScatterChart,
} from 'echarts/charts';
import {
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts built from the parts the console uses, not the whole library (the full build is ~1 MB):
 * add a chart or component here when a section needs it. Only lazily loaded sections import this,
 * so none of it is in the shell's JavaScript.
 */
echarts.use([
  BarChart,
  PieChart,
  CustomChart,
  LinesChart,
  LineChart,
  ScatterChart,
  EffectScatterChart,
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
