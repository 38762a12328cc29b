import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { tempDir } from '../testing/databases';
import { CliError, createOutput } from './output';
import { upperAirCommand } from './upper-air';

const FIXTURE = path.join(import.meta.dirname, '../modules/data/upper-air/fixtures/igra2-sample.txt');

async function run(databaseUrl: string, ...argv: string[]) {
  const lines: string[] = [];
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl }, tempDir());
  await upperAirCommand(
    config,
    createOutput(true, (l) => lines.push(l)),
    ['upper-air', ...argv, '--json'],
  );
  return JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
}

describe('lantian upper-air', () => {
  it('imports an IGRA file, and refuses a corrupted one naming its line', async () => {
    const dir = tempDir();
    const db = `sqlite:${dir}/cli.db`;
    expect(await run(db, 'igra', FIXTURE)).toMatchObject({
      ok: true,
      files: [{ file: 'igra2-sample.txt', soundings: 3, stations: ['USM00072381', 'USM00072357'] }],
    });
    const broken = path.join(dir, 'broken.txt');
    writeFileSync(broken, '#USM00072381 2026 07 22 17 1700    1 ncdc-gts ncdc-gts  349167 -1179000\n');
    await expect(run(db, 'igra', broken)).rejects.toThrow(CliError);
    await expect(run(db, 'igra', broken)).rejects.toThrow('第 2 行');
    await expect(run(db, 'radar', FIXTURE)).rejects.toThrow('用法');
  });
});
