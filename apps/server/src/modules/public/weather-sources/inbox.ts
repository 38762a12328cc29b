import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../platform/errors';
import type { FrameKind, SourceImports } from './source-imports.service';

/**
 * The drop folder (WEATHER_SOURCES_INBOX): a data-distribution system (or an operator) puts files in
 * `typhoon/`, `warnings/`, `metar/`, `radar/`, `satellite/`, `nowcast/` or `traffic/`; each poll imports every
 * file on its own (one file, one transaction) and moves it to `done/<source>/`, or to
 * `failed/<source>/` with `<name>.error.txt` saying why — so a bad file is set aside, never retried
 * for ever, and never half-stored.
 */

const SOURCES = ['typhoon', 'warnings', 'metar', 'radar', 'satellite', 'nowcast', 'traffic'] as const;
type InboxSource = (typeof SOURCES)[number];

const EXTENSIONS: Readonly<Record<InboxSource, readonly string[]>> = {
  typhoon: ['.txt'],
  warnings: ['.xml'],
  metar: ['.txt'],
  radar: ['.png', '.jpg', '.jpeg'],
  satellite: ['.png', '.jpg', '.jpeg'],
  nowcast: ['.png', '.jpg', '.jpeg'],
  traffic: ['.png', '.jpg', '.jpeg'],
};

export interface InboxReport {
  imported: string[];
  failed: { file: string; error: string }[];
}

async function importOne(imports: SourceImports, source: InboxSource, file: string, now: number): Promise<void> {
  const name = path.basename(file);
  if (source === 'typhoon') await imports.typhoonFile(await readFile(file, 'utf8'));
  else if (source === 'warnings') await imports.warningMessages([{ name, xml: await readFile(file, 'utf8') }]);
  else if (source === 'metar') await imports.metarBulletin(await readFile(file, 'utf8'), now);
  else
    await imports.imageFrames([{ name, bytes: new Uint8Array(await readFile(file)) }], { kind: source as FrameKind });
}

export async function pollInbox(dir: string, imports: SourceImports, now: number): Promise<InboxReport> {
  const report: InboxReport = { imported: [], failed: [] };
  for (const source of SOURCES) {
    const folder = path.join(dir, source);
    const names = (await readdir(folder).catch(() => [] as string[]))
      .filter((n) => EXTENSIONS[source].includes(path.extname(n).toLowerCase()))
      .sort();
    for (const name of names) {
      const file = path.join(folder, name);
      try {
        await importOne(imports, source, file, now);
        await mkdir(path.join(dir, 'done', source), { recursive: true });
        await rename(file, path.join(dir, 'done', source, name));
        report.imported.push(`${source}/${name}`);
      } catch (err) {
        // A file that does not read is set aside with its reason; anything else (the database down)
        // leaves it in place for the next poll.
        if (!(err instanceof AppError)) throw err;
        await mkdir(path.join(dir, 'failed', source), { recursive: true });
        await rename(file, path.join(dir, 'failed', source, name));
        await writeFile(path.join(dir, 'failed', source, `${name}.error.txt`), `${err.msg}\n`);
        report.failed.push({ file: `${source}/${name}`, error: err.msg });
      }
    }
  }
  return report;
}
