import { areaByCode } from '@lantian/areas';
import type { WeatherRepository } from '../../data/weather';
import type { FramesRepository } from './frames.repository';
import { DEMO_FRAME_SIZE, demoFrameName, drawDemoFrame, type RainCell } from './radar-demo';
import type { SourceImports } from './source-imports.service';

const STEP_SECONDS = 360;

/**
 * Keeps a loop of 【演示】 radar frames up to now (DEMO_DATA=on): the missing 6-minute frames are
 * drawn from the demo weather's rain and written through the image importer (so they are checked
 * like any imported frame), and frames older than the loop are dropped.
 */
export class RadarDemo {
  constructor(
    private readonly weather: WeatherRepository,
    private readonly frames: FramesRepository,
    private readonly imports: SourceImports,
    private readonly frameCount: number,
  ) {}

  async tick(now: number): Promise<number> {
    const last = Math.floor(now / STEP_SECONDS) * STEP_SECONDS;
    const first = last - (this.frameCount - 1) * STEP_SECONDS;
    const files = [];
    for (let t = first; t <= last; t += STEP_SECONDS) {
      if (await this.frames.hasTime('radar', t, 'demo')) continue;
      const hour = await this.weather.latestObservationTimeUpTo(t);
      if (hour === undefined) continue;
      const cells = await this.cellsAt(hour);
      const minutes = Math.min(120, (t - hour) / 60);
      files.push({ name: demoFrameName(t), bytes: drawDemoFrame(t, minutes, cells) });
    }
    if (files.length > 0) {
      await this.imports.imageFrames(files, { kind: 'radar', product: 'EBREF', region: 'ACHN', origin: 'demo' });
    }
    await this.frames.deleteOlder('demo', first);
    return files.length;
  }

  private async cellsAt(hour: number): Promise<RainCell[]> {
    const rows = await this.weather.observationsAt(hour);
    return rows.flatMap((r) => {
      const area = areaByCode(r.city_code);
      if (!area || r.source !== 'demo' || !r.precipitation || r.precipitation <= 0) return [];
      return [
        {
          lon: area.longitude,
          lat: area.latitude,
          rate: r.precipitation,
          windSpeed: r.wind_speed ?? 0,
          windDirection: r.wind_direction ?? 0,
        },
      ];
    });
  }
}

export { DEMO_FRAME_SIZE };
