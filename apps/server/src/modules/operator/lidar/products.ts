import { LIDAR_DATA_TYPES, type LidarDataType } from '@lantian/contracts';
import { massOf, molecularBeta, OPTICS, visibilityOf } from '@lantian/domain';

/**
 * A stored grid turned into the values of a data type: extinction as stored, depolarisation as
 * stored, PM2.5 and PM10 from both (domain `massOf`), visibility from the total extinction near the
 * ground (Koschmieder).
 */
export function valuesOf(dataType: LidarDataType, extinction: Float32Array, depol: Float32Array): Float32Array {
  if (dataType === 'Extinction') return extinction;
  if (dataType === 'Depolarization') return depol;
  const out = new Float32Array(extinction.length);
  const molecular = molecularBeta(0) * OPTICS.molecularRatio;
  for (let i = 0; i < extinction.length; i++) {
    const alpha = (extinction[i] ?? 0) / 1000;
    if (dataType === 'Visibility') {
      out[i] = Number.isNaN(alpha) ? Number.NaN : Math.min(50_000, visibilityOf(alpha + molecular));
      continue;
    }
    const mass = massOf(alpha, depol[i] ?? OPTICS.depolFine);
    out[i] = dataType === 'PM25' ? mass.pm25 : mass.pm10;
  }
  return out;
}

export function dataTypeInfo(dataType: LidarDataType) {
  const info = LIDAR_DATA_TYPES.find((d) => d.dataType === dataType);
  if (info === undefined) throw new Error(`unknown data type ${dataType}`);
  return info;
}

/** Rounded for JSON answers: 4 significant decimals for extinction and depolarisation, 1 for mass. */
export function roundValue(dataType: LidarDataType, value: number): number | null {
  if (!Number.isFinite(value)) return null;
  if (dataType === 'Extinction' || dataType === 'Depolarization') return Math.round(value * 10_000) / 10_000;
  return Math.round(value * 10) / 10;
}
