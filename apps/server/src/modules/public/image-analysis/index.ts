import { defineModule, type ModuleContext } from '../../../platform/module';
import { air, HOUR_INGESTED_CHANNEL } from '../../data/air';
import { maps } from '../../data/maps';
import { stations } from '../../data/stations';
import { ImageFrames } from './frames.service';
import { imageAnalysisRoutes } from './image-analysis.routes';
import { type ImageAnalysisSettings, readImageAnalysisSettings } from './image-analysis.settings';
import { VideoMaker } from './video.service';

export { frameLayout } from './frame-layout';
export { renderFrame } from './frame-render';
export { IDW_BY_LEVEL } from './frames.service';
export { type ImageAnalysisSettings, readImageAnalysisSettings } from './image-analysis.settings';

/**
 * 图像分析: the stations' hourly values interpolated (IDW) over China, a province or a city, drawn
 * to PNG frames on the server and kept in memory (getRgbaImageNameList lists them, an unsigned GET
 * serves them), and the player's frames made into an H.264 MP4 (POST /api/createVideo).
 * docs/IMAGE-ANALYSIS.md states the method, the limits and the timings.
 */
export const imageAnalysis = defineModule({
  name: 'image-analysis',
  tags: [{ name: 'image-analysis', description: '图像分析：污染物空间插值图与视频' }],
  settings: readImageAnalysisSettings,
  async create(context: ModuleContext<unknown, ImageAnalysisSettings>) {
    const frames = new ImageFrames(
      context.use(air).store,
      context.use(stations).repository,
      context.use(maps).shapes,
      context.now,
    );
    // A new (or revised) hour may change any frame: drop them all, as the response cache does.
    const unsubscribe = await context.state.subscribe(HOUR_INGESTED_CHANNEL, () => frames.clear());
    return {
      api: { frames },
      routes: imageAnalysisRoutes(frames, new VideoMaker(), context.settings),
      async start() {
        frames.warm().catch((err: unknown) => context.log.warn({ err }, 'image analysis: warm-up frame not drawn'));
      },
      close: () => unsubscribe(),
    };
  },
});
