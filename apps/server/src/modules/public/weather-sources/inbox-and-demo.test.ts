import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dbzBand } from '@lantian/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { tempDir } from '../../../testing/databases';
import { weatherRow } from '../../../testing/fixtures/weather-rows';
import { signedInject } from '../../../testing/signed';
import { weather } from '../../data/weather';
import { weatherSources } from '.';
import { pollInbox } from './inbox';

const FIXTURES = path.resolve(import.meta.dirname, '../../../testing/fixtures/weather-sources');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the drop folder', () => {
  it('imports each good file and sets a bad one aside with its reason', async () => {
    const dir = tempDir('lantian-inbox-');
    await mkdir(path.join(dir, 'typhoon'), { recursive: true });
    await mkdir(path.join(dir, 'warnings'), { recursive: true });
    await copyFile(path.join(FIXTURES, 'typhoon-2305-doksuri.txt'), path.join(dir, 'typhoon', 'CH2023BST.txt'));
    await writeFile(path.join(dir, 'warnings', 'broken.xml'), '<alert><identifier>x</alert>');
    const report = await pollInbox(dir, app.use(weatherSources).imports, Math.floor(Date.now() / 1000));
    expect(report.imported).toEqual(['typhoon/CH2023BST.txt']);
    expect(report.failed).toHaveLength(1);
    expect(await readdir(path.join(dir, 'typhoon'))).toEqual([]);
    expect(await readdir(path.join(dir, 'done', 'typhoon'))).toEqual(['CH2023BST.txt']);
    expect(await readFile(path.join(dir, 'failed', 'warnings', 'broken.xml.error.txt'), 'utf8')).toContain('XML');
  });
});

describe('the 【演示】 radar loop', () => {
  it('draws 6-minute frames from the demo rain, labelled, moving downwind, through the importer', async () => {
    const hour = 1_715_338_800; // 2024-05-10 19:00 China time
    // Wuhan rains hard with a west wind; Beijing is dry.
    await app
      .use(weather)
      .repository.upsertObservations([
        weatherRow('420100', hour, { precipitation: 12, wind_speed: 15, wind_direction: 270, source: 'demo' }),
        weatherRow('110000', hour, { precipitation: 0, source: 'demo' }),
      ]);
    const drawn = await app.use(weatherSources).demo.tick(hour + 40 * 60);
    expect(drawn).toBeGreaterThanOrEqual(7);
    const loop = await signedInject(app.server, app.config, { method: 'GET', url: '/api/common/getNowcastingData' });
    const frames = loop.json().data.frames as { url: string; demo: boolean; time: string }[];
    expect(frames.every((f) => f.demo)).toBe(true);
    expect(frames.at(-1)?.time).toBe('2024-05-10 19:36:00');
    const rainyColumns = async (url: string) => {
      const res = await app.server.inject({ method: 'GET', url });
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const columns: number[] = [];
      for (let x = 0; x < info.width; x++) {
        for (let y = 40; y < info.height; y++) {
          if ((data[(y * info.width + x) * info.channels + 3] ?? 0) > 0) {
            columns.push(x);
            break;
          }
        }
      }
      return columns;
    };
    const first = await rainyColumns(frames[0]?.url ?? '');
    const last = await rainyColumns(frames.at(-1)?.url ?? '');
    expect(first.length).toBeGreaterThan(0);
    // Carried east by the west wind: the cell's centre moves right.
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(last)).toBeGreaterThan(mean(first));
    expect(dbzBand(45)).toBeDefined();
    // A second tick draws nothing new.
    expect(await app.use(weatherSources).demo.tick(hour + 40 * 60)).toBe(0);
  });
});
