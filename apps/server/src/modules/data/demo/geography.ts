import type { Area } from '@lantian/areas';
import { clamp } from './random';

/**
 * What the demo model needs to know about a city: its place and rough climate and emission
 * character. Everything is derived from the code and the centre in the areas list plus a handful
 * of well-known facts (elevations of plateau cities, the heating line, dust sources), so that the
 * generated country looks like China without a climate database.
 */

export type CityTier = 'municipality' | 'capital' | 'major' | 'ordinary';

export interface CityProfile {
  code: string;
  name: string;
  shortName: string;
  longitude: number;
  latitude: number;
  /** Metres above sea level (approximate). */
  elevation: number;
  tier: CityTier;
  /** Kilometres east and north of the origin the demo's cold fronts start from (88° E, 50° N). */
  x: number;
  y: number;
  /** Hours to add to China time for local solar time: the sun peaks at 14:10 in Ürümqi. */
  solarOffset: number;
  /** Annual mean temperature, °C, and half the July–January difference. */
  tMean: number;
  tAmplitude: number;
  /** Half the day–night difference on a clear day, °C. */
  tDiurnal: number;
  /** Annual rainfall as a share of a wet southern city's (0–1). */
  wetness: number;
  /** Share of hours with rain over the year. */
  rainyHours: number;
  /** How much of the rain falls in the rainy season (0–1), its peak (days after 15 January) and width (days). */
  monsoon: number;
  rainPeakDay: number;
  rainPeakWidth: number;
  rhMean: number;
  /** Extra cloud where low stratus hangs for weeks (the Sichuan basin, Guizhou), 0–0.35. */
  overcast: number;
  /** Summer humidity minus the annual mean, %. */
  rhSummer: number;
  windMean: number;
  /** How strongly cold fronts reach the city (basins and the plateau are sheltered). */
  frontExposure: number;
  /** How fast pollution builds up in still weather (basins trap it). */
  stagnation: number;
  /** Station pressure over sea-level pressure. */
  pressureFactor: number;
  /** Annual mean PM2.5 the city's emissions and region give, μg/m³. */
  pmBase: number;
  /** 1 where winters are heated (north of the Qinling–Huaihe line, the plateau), 0 in the south. */
  heating: number;
  pm10Ratio: number;
  /** Exposure to desert dust (0–1). */
  dust: number;
  no2Base: number;
  so2Base: number;
  /** CO (mg/m³) per μg/m³ of PM2.5: combustion sources. */
  coPerPm: number;
  /** Ozone-forming potential of the region's emissions in summer sun (0–1). */
  o3Precursor: number;
  o3Background: number;
}

const CAPITALS = new Set([
  '130100',
  '140100',
  '150100',
  '210100',
  '220100',
  '230100',
  '320100',
  '330100',
  '340100',
  '350100',
  '360100',
  '370100',
  '410100',
  '420100',
  '430100',
  '440100',
  '450100',
  '460100',
  '510100',
  '520100',
  '530100',
  '540100',
  '610100',
  '620100',
  '630100',
  '640100',
  '650100',
]);

/** Sub-provincial cities and the largest prefecture-level economies. */
const MAJOR = new Set([
  '210200',
  '330200',
  '350200',
  '370200',
  '440300',
  '320500',
  '320200',
  '440600',
  '441900',
  '130200',
  '130600',
  '410300',
  '370600',
  '370700',
  '350500',
  '330300',
  '320300',
  '340200',
  '440400',
  '130400',
]);

/** Elevations of cities off the plains, metres; others fall back to their province's. */
const ELEVATION: Readonly<Record<string, number>> = {
  '130700': 750,
  '130800': 350,
  '140100': 800,
  '140200': 1050,
  '140900': 850,
  '141100': 950,
  '140400': 950,
  '140500': 750,
  '150100': 1050,
  '150200': 1050,
  '150300': 1100,
  '150400': 570,
  '150500': 180,
  '150600': 1400,
  '150700': 610,
  '150800': 1040,
  '150900': 1400,
  '152200': 280,
  '152500': 990,
  '152900': 1500,
  '220600': 400,
  '232700': 400,
  '370900': 130,
  '410300': 150,
  '411200': 400,
  '420300': 250,
  '422800': 450,
  '433100': 300,
  '500000': 250,
  '510400': 1200,
  '511800': 600,
  '513200': 2700,
  '513300': 2600,
  '513400': 1600,
  '530100': 1890,
  '530300': 1900,
  '530400': 1630,
  '530500': 1650,
  '530600': 1950,
  '530700': 2400,
  '530800': 1300,
  '530900': 1450,
  '532300': 1780,
  '532500': 1300,
  '532600': 1270,
  '532800': 550,
  '532900': 2000,
  '533100': 900,
  '533300': 1200,
  '533400': 3300,
  '540100': 3650,
  '540200': 3840,
  '540300': 3240,
  '540400': 2990,
  '540500': 3560,
  '540600': 4500,
  '542500': 4280,
  '610100': 400,
  '610200': 900,
  '610300': 600,
  '610400': 400,
  '610500': 350,
  '610600': 960,
  '610700': 510,
  '610800': 1100,
  '610900': 290,
  '611000': 740,
  '620100': 1520,
  '620200': 1600,
  '620300': 1500,
  '620400': 1700,
  '620500': 1150,
  '620600': 1530,
  '620700': 1480,
  '620800': 1350,
  '620900': 1480,
  '621000': 1400,
  '621100': 1900,
  '621200': 1000,
  '622900': 1900,
  '623000': 2900,
  '630100': 2275,
  '630200': 2100,
  '632200': 3000,
  '632300': 2500,
  '632500': 2800,
  '632600': 3700,
  '632700': 3700,
  '632800': 2950,
  '640400': 1750,
  '650100': 850,
  '650200': 270,
  '650400': 30,
  '650500': 740,
  '652300': 570,
  '652700': 530,
  '652800': 930,
  '652900': 1100,
  '653000': 1300,
  '653100': 1290,
  '653200': 1380,
  '654000': 660,
  '654200': 530,
  '654300': 750,
};

const PROVINCE_ELEVATION: Readonly<Record<string, number>> = {
  '14': 800,
  '15': 1000,
  '22': 200,
  '23': 150,
  '41': 100,
  '51': 450,
  '52': 1100,
  '53': 1800,
  '54': 3800,
  '61': 500,
  '62': 1500,
  '63': 3000,
  '64': 1200,
  '65': 900,
};

/** A smooth bump: `amplitude` at (lon, lat), falling off over `radius` degrees. */
type Blob = readonly [lon: number, lat: number, amplitude: number, radius: number];

function blobs(list: readonly Blob[], lon: number, lat: number): number {
  let sum = 0;
  for (const [bx, by, amplitude, radius] of list) {
    const dx = (lon - bx) * Math.cos((lat * Math.PI) / 180);
    const dy = lat - by;
    sum += amplitude * Math.exp(-(dx * dx + dy * dy) / (radius * radius));
  }
  return sum;
}

/** Where fine particles come from: the regional pollution pools of China (annual means, μg/m³). */
const PM_POOLS: readonly Blob[] = [
  [115.0, 36.8, 30, 3.0], // North China Plain
  [108.8, 34.5, 25, 1.6], // Fenwei plain (Guanzhong)
  [112.3, 37.0, 10, 1.8], // central Shanxi basins
  [113.6, 32.2, 13, 3.0], // Henan, northern Hubei
  [104.8, 30.0, 24, 2.0], // Sichuan basin
  [119.5, 32.0, 10, 2.5], // Yangtze delta
  [125.0, 44.5, 14, 3.5], // north-east plain
  [79.5, 38.5, 45, 3.5], // Tarim basin rim
  [87.5, 44.0, 16, 1.2], // Ürümqi–Changji
  [103.8, 36.1, 8, 1.3], // Lanzhou valley
  [113.3, 23.0, 8, 1.2], // Pearl River delta
  [113.0, 27.8, 7, 2.5], // Hunan, Jiangxi
];

const O3_POOLS: readonly Blob[] = [
  [116.0, 36.5, 0.55, 4.0], // North China Plain
  [120.0, 31.5, 0.45, 3.0], // Yangtze delta
  [113.3, 23.0, 0.4, 2.0], // Pearl River delta
  [108.8, 34.5, 0.35, 2.0], // Fenwei plain
  [104.5, 30.5, 0.3, 2.0], // Sichuan basin
  [113.5, 32.5, 0.3, 3.0], // Central plains
];

/** Desert dust sources and the corridors dust travels down. */
const DUST: readonly Blob[] = [
  [81.0, 39.0, 1.0, 4.0], // Taklimakan
  [99.0, 40.0, 0.8, 3.0], // Hexi corridor, Badain Jaran
  [105.0, 40.0, 0.8, 3.0], // Alxa, Ulan Buh
  [109.5, 40.5, 0.55, 2.5], // Kubuqi, Hobq
  [114.0, 42.5, 0.45, 3.0], // Hunshandake
  [116.0, 39.0, 0.25, 3.0], // downwind: the North China Plain
];

const SO2_INDUSTRY: readonly Blob[] = [
  [112.5, 37.5, 8, 2.0], // Shanxi coal
  [114.5, 38.0, 6, 2.0], // Hebei steel
  [106.3, 38.5, 8, 1.5], // Ningxia
  [110.0, 40.5, 7, 2.0], // Inner Mongolia coal belt
  [123.5, 41.5, 5, 1.5], // Liaoning heavy industry
  [103.0, 37.5, 5, 1.5], // Baiyin, Jinchang smelters
];

/** Annual rainfall (mm) at well-known places, from the monsoon south-east to the deserts. */
const RAINFALL: readonly (readonly [lon: number, lat: number, mm: number])[] = [
  [116.4, 39.9, 550],
  [126.6, 45.8, 520],
  [123.4, 41.8, 700],
  [121.6, 38.9, 600],
  [117.0, 36.7, 700],
  [113.6, 34.7, 640],
  [108.9, 34.3, 580],
  [112.5, 37.9, 450],
  [111.7, 40.8, 400],
  [106.2, 38.5, 190],
  [103.8, 36.1, 320],
  [101.8, 36.6, 380],
  [87.6, 43.8, 290],
  [76.0, 39.5, 65],
  [79.9, 37.1, 40],
  [93.5, 42.8, 40],
  [98.5, 39.7, 90],
  [105.7, 38.8, 200],
  [101.0, 42.0, 40],
  [91.1, 29.7, 440],
  [80.1, 32.5, 70],
  [92.0, 31.5, 420],
  [94.4, 29.6, 650],
  [104.1, 30.7, 900],
  [106.5, 29.6, 1100],
  [102.7, 25.0, 1000],
  [106.7, 26.6, 1150],
  [108.3, 22.8, 1300],
  [113.3, 23.1, 1800],
  [119.3, 26.1, 1400],
  [121.5, 31.2, 1200],
  [118.8, 32.1, 1100],
  [114.3, 30.6, 1300],
  [112.9, 28.2, 1400],
  [115.9, 28.7, 1600],
  [120.2, 30.3, 1450],
  [110.3, 20.0, 1650],
  [109.5, 18.3, 1400],
  [116.0, 44.0, 290],
  [119.7, 49.2, 350],
  [122.5, 52.9, 450],
  [125.3, 43.9, 600],
  [117.2, 31.8, 1000],
  [118.1, 24.5, 1300],
  [94.9, 36.4, 45],
  [97.0, 33.0, 480],
  [88.9, 29.3, 430],
  [84.9, 45.6, 110],
  [81.3, 43.9, 280],
];

/** Inverse-distance weighting of the rainfall anchors. */
function annualRainfall(lon: number, lat: number): number {
  let weights = 0;
  let sum = 0;
  for (const [x, y, mm] of RAINFALL) {
    const dx = (lon - x) * Math.cos((lat * Math.PI) / 180);
    const dy = lat - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < 1e-6) return mm;
    const w = 1 / (d2 * d2);
    weights += w;
    sum += w * mm;
  }
  return sum / weights;
}

/** Piecewise-linear interpolation over (x, y) points sorted by x; flat beyond the ends. */
function interpolate(points: readonly (readonly [number, number])[], x: number): number {
  const first = points[0];
  if (first === undefined) return 0;
  if (x <= first[0]) return first[1];
  for (let i = 1; i < points.length; i++) {
    const p = points[i];
    const q = points[i - 1];
    if (p === undefined || q === undefined) break;
    if (x <= p[0]) return q[1] + ((p[1] - q[1]) * (x - q[0])) / (p[0] - q[0]);
  }
  return points[points.length - 1]?.[1] ?? first[1];
}

/** Sea-level annual mean temperature by latitude along eastern China (Sanya 25.5, Beijing 12, Mohe −5). */
const T_MEAN_BY_LAT = [
  [16, 26.5],
  [18, 25.5],
  [23, 22],
  [27, 19],
  [31, 17],
  [35, 14.5],
  [40, 11.5],
  [44, 5.5],
  [47, 2],
  [53, -5],
] as const;

/** Half the July–January difference by latitude (Sanya 3.5, Shanghai 12, Harbin 20.5). */
const T_AMPLITUDE_BY_LAT = [
  [16, 3],
  [18, 3.5],
  [23, 7.5],
  [27, 10],
  [31, 12],
  [35, 13.5],
  [40, 15],
  [44, 18],
  [47, 20.5],
  [53, 24],
] as const;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function cityTier(area: Pick<Area, 'code' | 'municipality'>): CityTier {
  if (area.municipality) return 'municipality';
  if (CAPITALS.has(area.code)) return 'capital';
  if (MAJOR.has(area.code)) return 'major';
  return 'ordinary';
}

export function elevationOf(code: string): number {
  return ELEVATION[code] ?? PROVINCE_ELEVATION[code.slice(0, 2)] ?? 50;
}

export const FRONT_ORIGIN = { longitude: 88, latitude: 50 } as const;
const KM_PER_DEGREE = 111.2;

export function cityProfile(
  area: Pick<Area, 'code' | 'name' | 'shortName' | 'longitude' | 'latitude' | 'municipality'>,
): CityProfile {
  const { code, longitude: lon, latitude: lat } = area;
  const elevation = elevationOf(code);
  const tier = cityTier(area);
  const plateau = smoothstepLinear(1800, 3200, elevation);
  const southwest = lon < 106 && lat < 34;

  const wetness = clamp(annualRainfall(lon, lat) / 1800, 0.02, 1);

  let tMean = interpolate(T_MEAN_BY_LAT, lat) - 0.0035 * (elevation - 50);
  if (lon < 96 && lat > 36) tMean += 2; // the Xinjiang basins have hot summers
  if (code === '650400') tMean += 5; // Turpan, below sea level in part: the hottest city in China
  let tAmplitude = interpolate(T_AMPLITUDE_BY_LAT, lat);
  if (southwest) tAmplitude *= lon < 103 ? 0.6 : 0.82; // mild plateau and basin winters
  const tDiurnal = 3.5 + 3.2 * (1 - wetness) + 1.5 * plateau;

  const coastal = (lon > 117.5 && lat < 32) || (lon > 119 && lat >= 32 && lat < 41) || (lat < 22.5 && lon > 108);
  const basin = lon > 102.5 && lon < 109.5 && lat > 28 && lat < 32.5;
  let windMean = 2.2;
  if (lat > 38 && lon > 105) windMean = 3.1;
  if (coastal) windMean = 3.0;
  if (basin || (lon > 104 && lon < 110 && lat > 24.5 && lat <= 28)) windMean = 1.3;
  if (plateau > 0.5) windMean = 2.4;

  // The Tianshan shelters the Tarim basin from the north-westerlies; the Sichuan basin is ringed by
  // mountains; cold air reaches the plateau and the far south weakened.
  const tarim = lon < 90 && lat < 42;
  const frontExposure = basin ? 0.45 : tarim ? 0.35 : plateau > 0.5 ? 0.5 : lat < 25 ? 0.6 : 1;
  const stagnation = basin || tarim ? 1.3 : lat > 34 && lon > 110 && lon < 120 ? 1.15 : 1;

  const heating = Math.max(sigmoid((lat - 33.3) / 0.45), elevation > 1800 && lat > 28 ? 1 : 0);
  const dust = clamp(blobs(DUST, lon, lat), 0, 1);
  const tierPm = tier === 'municipality' || tier === 'capital' ? 1.08 : tier === 'major' ? 1.04 : 1;
  const pmBase = (16 + 1.15 * blobs(PM_POOLS, lon, lat) - 2 * plateau) * tierPm;
  const tierNo2 = { municipality: 29, capital: 27, major: 25, ordinary: 19 }[tier];

  return {
    code,
    name: area.name,
    shortName: area.shortName,
    longitude: lon,
    latitude: lat,
    elevation,
    tier,
    x: (lon - FRONT_ORIGIN.longitude) * KM_PER_DEGREE * Math.cos((35 * Math.PI) / 180),
    y: (lat - FRONT_ORIGIN.latitude) * KM_PER_DEGREE,
    solarOffset: (lon - 120) / 15,
    tMean,
    tAmplitude,
    tDiurnal,
    wetness,
    rainyHours: 0.004 + 0.09 * wetness ** 0.8,
    monsoon: southwest || plateau > 0.5 ? 0.8 : lat < 33 && lon > 105 ? 0.35 : 0.5,
    rainPeakDay: southwest || plateau > 0.5 ? 190 : lat < 27 ? 150 : 186,
    rainPeakWidth: southwest || plateau > 0.5 ? 55 : lat < 27 ? 75 : 55,
    rhMean: clamp(42 + 36 * Math.sqrt(wetness) - 8 * plateau, 30, 82),
    overcast: basin ? 0.35 : lon > 104 && lon < 112 && lat > 25 && lat < 31.5 ? 0.25 : lat < 31 && lon >= 112 ? 0.1 : 0,
    rhSummer: lon < 96 ? -4 : lat > 30 ? 12 : 5,
    windMean,
    frontExposure,
    stagnation,
    pressureFactor: Math.exp(-elevation / 8434),
    pmBase,
    heating,
    pm10Ratio: 1.4 + 0.45 * (1 - wetness) + 0.4 * dust,
    dust,
    no2Base: tierNo2 * (lat > 33 ? 1.1 : 1) * (1 - 0.4 * plateau),
    so2Base: 4 + 3 * heating * (1 - 0.5 * plateau) + 0.7 * blobs(SO2_INDUSTRY, lon, lat),
    coPerPm: 0.0075 + 0.0045 * heating,
    o3Precursor: clamp(0.4 + blobs(O3_POOLS, lon, lat), 0, 1),
    o3Background: 34 + 0.011 * elevation,
  };
}

function smoothstepLinear(edge0: number, edge1: number, x: number): number {
  return clamp((x - edge0) / (edge1 - edge0), 0, 1);
}
