import { areaByCode } from '@lantian/areas';
import { METAR_STATIONS } from './metar-stations';
import type { SourceImports } from './source-imports.service';
import { fillTemplate, type WeatherSourcesSettings } from './weather-sources.settings';

/**
 * Live fetching of the configured sources (docs/WEATHER-SOURCES.md): each poll downloads what its
 * URL template names for the current time and hands it to the same importer as a file, so a live
 * file is checked as strictly as an imported one and a bad download stores nothing.
 */

const TIMEOUT_MS = 20_000;
const MAX_BYTES = 16 * 1024 * 1024;
/** Radar mosaics appear every 6 minutes, a little after their time. */
const RADAR_STEP_SECONDS = 360;
const RADAR_DELAY_SECONDS = 600;
const SATELLITE_STEP_SECONDS = 900;
/** Traffic images are named by the 5-minute slot they were fetched in. */
const TRAFFIC_STEP_SECONDS = 300;

export class FetchFailed extends Error {}

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  if (!res.ok) throw new FetchFailed(`${url} 返回 ${res.status}`);
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BYTES) throw new FetchFailed(`${url} 超过 16 MB`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > MAX_BYTES) throw new FetchFailed(`${url} 超过 16 MB`);
  return bytes;
}

const textOf = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** One poll of every configured source; answers what each did (errors are reported, not thrown). */
export async function pollLiveSources(
  settings: WeatherSourcesSettings,
  imports: SourceImports,
  now: number,
): Promise<Record<string, string>> {
  const report: Record<string, string> = {};
  const run = async (name: string, job: () => Promise<string>) => {
    try {
      report[name] = await job();
    } catch (err) {
      report[name] = `失败：${err instanceof Error ? err.message : String(err)}`;
    }
  };
  const { typhoonUrl, warningUrl, metarUrl, radarUrl, satelliteUrl } = settings;
  if (typhoonUrl) {
    await run('typhoon', async () => {
      const r = await imports.typhoonFile(textOf(await download(fillTemplate(typhoonUrl, now))));
      return `${r.typhoons} 个台风`;
    });
  }
  if (warningUrl) {
    await run('warnings', async () => {
      const body = textOf(await download(fillTemplate(warningUrl, now)));
      // A feed may answer several alerts one after another; each is a document of its own.
      const docs = body.match(/<alert\b[\s\S]*?<\/alert>/g) ?? [];
      const r = await imports.warningMessages(
        docs.map((xml, i) => ({ name: `#${i + 1}`, xml: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}` })),
      );
      return `${r.alerts} 条预警，${r.cancels} 条解除`;
    });
  }
  if (metarUrl) {
    await run('metar', async () => {
      const url = fillTemplate(metarUrl, now, { icaos: METAR_STATIONS.map((s) => s.icao).join(',') });
      const r = await imports.metarBulletin(textOf(await download(url)), now);
      return `${r.observations} 条观测`;
    });
  }
  for (const [name, template, kind, step] of [
    ['radar', radarUrl, 'radar', RADAR_STEP_SECONDS],
    ['satellite', satelliteUrl, 'satellite', SATELLITE_STEP_SECONDS],
  ] as const) {
    if (!template) continue;
    await run(name, async () => {
      const t = Math.floor((now - RADAR_DELAY_SECONDS) / step) * step;
      const url = fillTemplate(template, t);
      const file = url.split('/').pop() ?? '';
      await imports.imageFrames([{ name: file, bytes: await download(url), sourceUrl: url }], { kind });
      return file;
    });
  }
  const { trafficUrl, trafficCities } = settings;
  if (trafficUrl && trafficCities.length > 0) {
    await run('traffic', async () => {
      const slot = Math.floor(now / TRAFFIC_STEP_SECONDS) * TRAFFIC_STEP_SECONDS;
      const stamp = fillTemplate('{yyyy}{MM}{dd}{HH}{mm}00', slot);
      let fetched = 0;
      const failed: string[] = [];
      // One city at a time, each on its own: a city whose image fails does not cost the others theirs.
      for (const code of trafficCities) {
        const url = fillTemplate(trafficUrl, now, { city: code, cityName: areaByCode(code)?.shortName ?? code });
        try {
          const bytes = await download(url);
          const ext = bytes[0] === 0x89 ? 'png' : 'jpg';
          await imports.imageFrames([{ name: `TRAFFIC_${code}_${stamp}.${ext}`, bytes, sourceUrl: url }], {
            kind: 'traffic',
          });
          fetched += 1;
        } catch (err) {
          failed.push(`${code}：${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return `${fetched} 个城市${failed.length > 0 ? `；失败 ${failed.join('；')}` : ''}`;
    });
  }
  return report;
}
