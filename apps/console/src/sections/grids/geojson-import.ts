import { MAX_GRID_IMPORT_BYTES, MAX_GRID_IMPORT_FEATURES } from '@lantian/contracts';
import { boundaryProblem } from '@lantian/domain';

/**
 * The checks the import dialog makes on a GeoJSON file before anything is sent: the server checks
 * everything again (codes, parents, overlaps with the existing tree), but a file that is not JSON, not
 * a FeatureCollection, too big, or whose features lack a name or a usable boundary is told at once,
 * feature by feature, without a round trip.
 */

export interface ImportFeatureProblem {
  /** The feature's position in the file, from 0 (as the server counts). */
  index: number;
  name: string | null;
  message: string;
}

export interface ImportPreview {
  /** The features to send (with the chosen parent filled in where a feature names none). */
  features: unknown[];
  /** Names of the features, in file order (null where a feature has none). */
  names: (string | null)[];
  problems: ImportFeatureProblem[];
}

export type ImportCheck = { ok: true; preview: ImportPreview } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Reads a file's text (its size in bytes as `bytes`) as a FeatureCollection to import. `parent`: the
 * grid or county chosen in the tree, given to the features that name neither parentCode nor areaCode
 * (a county's file usually names neither).
 */
export function checkImportFile(text: string, bytes: number, parent?: string): ImportCheck {
  if (bytes > MAX_GRID_IMPORT_BYTES) {
    return { ok: false, message: `文件过大（${(bytes / 1024 / 1024).toFixed(1)} MB），最大 5 MB` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, message: '文件不是有效的 JSON' };
  }
  if (!isRecord(value) || value.type !== 'FeatureCollection') {
    return { ok: false, message: '应为 GeoJSON FeatureCollection' };
  }
  const { features } = value;
  if (!Array.isArray(features)) return { ok: false, message: 'features 应为数组' };
  if (features.length === 0) return { ok: false, message: '文件中没有要导入的网格' };
  if (features.length > MAX_GRID_IMPORT_FEATURES) {
    return { ok: false, message: `一次最多导入 ${MAX_GRID_IMPORT_FEATURES} 个网格（文件中有 ${features.length} 个）` };
  }
  const names: (string | null)[] = [];
  const out: unknown[] = [];
  const problems: ImportFeatureProblem[] = [];
  features.forEach((feature: unknown, index) => {
    if (!isRecord(feature) || feature.type !== 'Feature') {
      names.push(null);
      out.push(feature);
      problems.push({ index, name: null, message: '不是 GeoJSON Feature' });
      return;
    }
    const own = isRecord(feature.properties) ? feature.properties : {};
    const props =
      own.parentCode === undefined && own.areaCode === undefined && parent !== undefined
        ? { ...own, ...(parent.length === 6 ? { areaCode: parent } : { parentCode: parent }) }
        : own;
    out.push(props === own ? feature : { ...feature, properties: props });
    const name = typeof props.name === 'string' && props.name.trim() !== '' ? props.name.trim() : null;
    names.push(name);
    if (name === null) problems.push({ index, name, message: '缺少名称（properties.name）' });
    else if (name.length > 50) problems.push({ index, name, message: '名称不能超过 50 个字符' });
    if (props.parentCode === undefined && props.areaCode === undefined) {
      problems.push({ index, name, message: '缺少上级：properties.parentCode（上级网格）或 areaCode（区县）' });
    }
    const boundary = boundaryProblem(feature.geometry);
    if (boundary !== null) problems.push({ index, name, message: boundary });
  });
  return { ok: true, preview: { features: out, names, problems } };
}
