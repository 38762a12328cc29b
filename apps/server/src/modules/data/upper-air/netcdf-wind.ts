import { NetCDFReader } from 'netcdfjs';
import { z } from 'zod';

/**
 * Gridded wind from a CF-convention NetCDF classic file: u and v (names configurable, default
 * u10/v10) on dimensions (time, lat, lon), a regular lon/lat grid, a CF time coordinate
 * ("hours since 1970-01-01 00:00:00"), wind in m s-1. Latitudes may run either way; the grids come
 * out north edge first (the earth/leaflet-velocity layout). _FillValue / missing_value become NaN,
 * scale_factor / add_offset are applied. Anything else is refused with the field at fault.
 */

export class NetcdfWindError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}：${reason}`);
  }
}

export interface ReadGrid {
  time: number;
  nx: number;
  ny: number;
  lo1: number;
  la1: number;
  dx: number;
  dy: number;
  u: Float32Array;
  v: Float32Array;
}

export interface WindFile {
  refTime: number;
  level: string;
  demo: boolean;
  title: string;
  grids: ReadGrid[];
}

export interface WindVariableNames {
  u: string;
  v: string;
}

const attribute = z.object({ name: z.string(), type: z.string(), value: z.unknown() });
const attributes = z.array(attribute);

const UNITS_SPEED = new Set(['m s-1', 'm/s', 'm s**-1', 'meters/second', 'm.s-1']);
const TIME_UNITS =
  /^(seconds|minutes|hours|days)\s+since\s+(\d{4}-\d{1,2}-\d{1,2})(?:[ T](\d{1,2}:\d{2}(?::\d{2})?))?\s*(?:Z|UTC|\+00:?00)?$/i;
const STEP = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;

function attrs(reader: NetCDFReader, name: string) {
  const variable = reader.variables.find((v) => v.name === name);
  if (!variable) throw new NetcdfWindError(name, '文件中没有这个变量');
  const parsed = attributes.safeParse(variable.attributes);
  if (!parsed.success) throw new NetcdfWindError(name, '变量属性无法读取');
  const get = (key: string) => parsed.data.find((a) => a.name === key)?.value;
  return { variable, get };
}

const numbers = (reader: NetCDFReader, name: string): number[] => {
  const data = reader.getDataVariable(name);
  return data.map((x, i) => {
    if (typeof x !== 'number') throw new NetcdfWindError(name, `第 ${i} 个值不是数值`);
    return x;
  });
};

function axis(values: number[], name: string): { first: number; step: number } {
  if (values.length < 2) throw new NetcdfWindError(name, '至少需要 2 个格点');
  const step = ((values[values.length - 1] as number) - (values[0] as number)) / (values.length - 1);
  values.forEach((x, i) => {
    if (Math.abs(x - ((values[0] as number) + i * step)) > Math.abs(step) * 1e-3)
      throw new NetcdfWindError(name, `坐标不等距（第 ${i} 个为 ${x}）：只接受规则经纬度网格`);
  });
  if (step === 0) throw new NetcdfWindError(name, '坐标间距为 0');
  return { first: values[0] as number, step };
}

function scalar(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (Array.isArray(value) && typeof value[0] === 'number') return value[0];
  return undefined;
}

export function readNetcdfWind(buffer: Uint8Array, names: WindVariableNames): WindFile {
  try {
    return readFile(buffer, names);
  } catch (err) {
    if (err instanceof NetcdfWindError) throw err;
    // The reader's own failures (a cut file runs past its end): the file, not the server, is at fault.
    throw new NetcdfWindError('文件', `内容不完整或已损坏（${err instanceof Error ? err.message : String(err)}）`);
  }
}

function readFile(buffer: Uint8Array, names: WindVariableNames): WindFile {
  let reader: NetCDFReader;
  try {
    reader = new NetCDFReader(buffer);
  } catch (err) {
    throw new NetcdfWindError('文件', `不是 NetCDF 经典格式（${err instanceof Error ? err.message : String(err)}）`);
  }
  const dims = reader.dimensions;
  const dimNames = (n: string) => attrs(reader, n).variable.dimensions.map((d) => dims[d]?.name ?? '?');
  const global = attributes.safeParse(reader.globalAttributes);
  const globalValue = (key: string) => (global.success ? global.data.find((a) => a.name === key)?.value : undefined);

  const uDims = dimNames(names.u);
  const vDims = dimNames(names.v);
  if (uDims.length !== 3) throw new NetcdfWindError(names.u, `维度应为 (time, lat, lon)，实为 (${uDims.join(', ')})`);
  if (vDims.join() !== uDims.join())
    throw new NetcdfWindError(names.v, `维度 (${vDims.join(', ')}) 与 ${names.u} 不同`);
  const [timeName, latName, lonName] = uDims as [string, string, string];

  for (const name of [names.u, names.v]) {
    const units = attrs(reader, name).get('units');
    if (typeof units !== 'string' || !UNITS_SPEED.has(units.trim()))
      throw new NetcdfWindError(name, `单位应为 m s-1，实为「${String(units)}」`);
  }
  const latUnits = attrs(reader, latName).get('units');
  const lonUnits = attrs(reader, lonName).get('units');
  if (typeof latUnits !== 'string' || !/^degrees?_?n/i.test(latUnits))
    throw new NetcdfWindError(latName, `单位应为 degrees_north，实为「${String(latUnits)}」`);
  if (typeof lonUnits !== 'string' || !/^degrees?_?e/i.test(lonUnits))
    throw new NetcdfWindError(lonName, `单位应为 degrees_east，实为「${String(lonUnits)}」`);

  const timeUnits = attrs(reader, timeName).get('units');
  const match = typeof timeUnits === 'string' ? TIME_UNITS.exec(timeUnits.trim()) : null;
  if (!match)
    throw new NetcdfWindError(
      timeName,
      `时间单位应为「hours since YYYY-MM-DD hh:mm:ss」之类，实为「${String(timeUnits)}」`,
    );
  const [, unit, date, clock] = match as unknown as [string, keyof typeof STEP, string, string | undefined];
  const epoch = Date.parse(`${date.replace(/-(\d)(?!\d)/g, '-0$1')}T${(clock ?? '00:00:00').padStart(8, '0')}Z`) / 1000;
  if (!Number.isFinite(epoch)) throw new NetcdfWindError(timeName, `时间基准「${String(timeUnits)}」无法解析`);
  const step = STEP[unit.toLowerCase() as keyof typeof STEP];
  const times = numbers(reader, timeName).map((t) => Math.round(epoch + t * step));

  const lats = numbers(reader, latName);
  const lons = numbers(reader, lonName);
  const lat = axis(lats, latName);
  const lon = axis(lons, lonName);
  if (lon.step < 0) throw new NetcdfWindError(lonName, '经度应自西向东递增');
  const nx = lons.length;
  const ny = lats.length;
  const northFirst = lat.step < 0;

  const field = (name: string): number[] => {
    const { get } = attrs(reader, name);
    const fill = scalar(get('_FillValue')) ?? scalar(get('missing_value'));
    const scale = scalar(get('scale_factor')) ?? 1;
    const offset = scalar(get('add_offset')) ?? 0;
    const raw = numbers(reader, name);
    if (raw.length !== times.length * nx * ny) throw new NetcdfWindError(name, `数据长度 ${raw.length} 与维度不符`);
    return raw.map((x) => (fill !== undefined && x === fill ? Number.NaN : x * scale + offset));
  };
  const u = field(names.u);
  const v = field(names.v);
  const grids: ReadGrid[] = times.map((time, k) => {
    const gu = new Float32Array(nx * ny);
    const gv = new Float32Array(nx * ny);
    for (let row = 0; row < ny; row++) {
      const src = northFirst ? row : ny - 1 - row;
      for (let c = 0; c < nx; c++) {
        const from = k * nx * ny + src * nx + c;
        const ux = u[from] as number;
        const vx = v[from] as number;
        if (Number.isFinite(ux) && Math.abs(ux) > 150)
          throw new NetcdfWindError(names.u, `第 ${from} 个值 ${ux} m/s 不合理`);
        if (Number.isFinite(vx) && Math.abs(vx) > 150)
          throw new NetcdfWindError(names.v, `第 ${from} 个值 ${vx} m/s 不合理`);
        gu[row * nx + c] = ux;
        gv[row * nx + c] = vx;
      }
    }
    return {
      time,
      nx,
      ny,
      lo1: lon.first,
      la1: northFirst ? lat.first : (lats[ny - 1] as number),
      dx: lon.step,
      dy: Math.abs(lat.step),
      u: gu,
      v: gv,
    };
  });
  const ref = globalValue('reference_time');
  const refTime =
    typeof ref === 'string' && Number.isFinite(Date.parse(ref)) ? Date.parse(ref) / 1000 : (times[0] ?? 0);
  const level = globalValue('level');
  const source = globalValue('source');
  const title = globalValue('title');
  return {
    refTime,
    level: typeof level === 'string' && /^[\w.]{1,16}$/.test(level) ? level : '10m',
    demo: globalValue('lantian_demo') === 'yes' || (typeof source === 'string' && /演示|demo/i.test(source)),
    title: typeof title === 'string' ? title : '',
    grids,
  };
}
