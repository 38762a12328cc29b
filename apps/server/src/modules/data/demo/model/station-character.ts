import { hash2, hashString, unit } from '../random';
import { SALT } from './salts';

/**
 * What makes one station differ from its city: its siting. A city's stations are not copies of the
 * city mean: one beside a main road reads more NO2 and less ozone (traffic's NO eats it), one on the
 * edge of town less of everything but ozone, one near an industrial park more SO2. The kind and the
 * spread around it are drawn from the station code alone, so a station keeps its character across
 * runs and seeds, and a reference station (对照点, outside the city) is always clean background air.
 */
export interface StationCharacter {
  hash: number;
  /** Factors on the city's concentration of each pollutant. */
  pm2_5: number;
  pm10: number;
  so2: number;
  no2: number;
  co: number;
  o3: number;
}

export function stationCharacter(code: string, isReference: boolean): StationCharacter {
  const hash = hashString(code);
  const draw = (salt: number) => unit(hash2(hash ^ SALT.station, salt));
  if (isReference) {
    // A background site outside the city: cleaner air, no traffic to eat the ozone.
    return { hash, pm2_5: 0.62, pm10: 0.65, so2: 0.5, no2: 0.3, co: 0.7, o3: 1.15 };
  }
  const spread = (salt: number, width: number) => 1 + width * (2 * draw(salt) - 1);
  const kind = draw(1);
  if (kind < 0.2) {
    // Beside a main road.
    return {
      hash,
      pm2_5: 1.08 * spread(2, 0.06),
      pm10: 1.12,
      so2: 0.95,
      no2: 1.45 * spread(3, 0.1),
      co: 1.2,
      o3: 0.82,
    };
  }
  if (kind < 0.35) {
    // On the edge of town.
    return { hash, pm2_5: 0.9 * spread(2, 0.06), pm10: 0.88, so2: 0.85, no2: 0.7 * spread(3, 0.1), co: 0.9, o3: 1.08 };
  }
  if (kind < 0.45) {
    // Near an industrial park.
    return { hash, pm2_5: 1.1 * spread(2, 0.06), pm10: 1.2, so2: 1.6 * spread(4, 0.2), no2: 1.1, co: 1.1, o3: 0.95 };
  }
  return {
    hash,
    pm2_5: spread(2, 0.1),
    pm10: spread(5, 0.1),
    so2: spread(4, 0.25),
    no2: spread(3, 0.15),
    co: spread(6, 0.1),
    o3: spread(7, 0.06),
  };
}
