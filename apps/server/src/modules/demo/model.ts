import type { CityProfile } from './geography';
import { clamp, hash2, hash3, hashString, NoiseTrack, signed, smoothstep, unit } from './random';

/**
 * The demo's weather and air, as a pure function of (place, time, seed).
 *
 * Synoptic weather is a sequence of cold fronts. Front k leaves an origin in Mongolia at a seeded
 * time and sweeps south-east across the country at 35–60 km/h, weakening with distance; sheltered
 * places (the Sichuan basin, the plateau, the far south) feel it less. A front brings wind from the
 * north-west, a temperature drop, high pressure, dry air, sometimes a band of rain or, in spring, dust;
 * behind it the air is clean. Between fronts the air stagnates: a "pollution load" builds day by day
 * (faster in winter and in basins) until the next strong front clears it. Smooth value noise over
 * longitude, latitude and time adds regional weather (rain cells, clouds, warm and cold spells) that
 * neighbouring cities share. On top come the climate (latitude, elevation, monsoon), the sun (solar
 * time, season) and the emission character of each city and region.
 *
 * Because nothing depends on stored state, the seeder and the hourly scheduler compute exactly the
 * same values for the same hour, and any missed hour can be filled in later.
 */

export const DEFAULT_DEMO_SEED = 20_240_615;

const SECONDS_PER_HOUR = 3600;
const DAYS_PER_YEAR = 365.2425;
/** Mean spacing of fronts: one about every 4.3 days, jittered. */
const SLOT_HOURS = 103;
/** A place with no clearing front for this long is as polluted as it gets anyway. */
const MAX_QUIET_HOURS = 20 * 24;
/** The pollution load saturates here (very heavy pollution). */
const LOAD_CAP = 1.7;

const TAU = 2 * Math.PI;
const RAD = Math.PI / 180;

// Distinct salts per random field, so that fields never mirror each other.
const SALT = {
  front: 0x1f0_7001,
  temperature: 0x7e3_0002,
  rain: 0x4a1_0003,
  rainFine: 0x4a1_0004,
  cloud: 0xc10_0005,
  pm: 0x9e2_0006,
  wind: 0x3d1_0007,
  windDirection: 0x3d1_0008,
  pressure: 0x9a5_0009,
  outage: 0x0ff_000a,
  fault: 0x0ff_000b,
  station: 0x57a_000c,
} as const;

interface Front {
  start: number;
  sin: number;
  cos: number;
  bearing: number;
  speed: number;
  strength: number;
  reach: number;
  residual: number;
  growth: number;
  intensity: number;
  rain: number;
  dust: number;
}

/** Front k of a seed: when it starts, where it heads, how strong it is, what it carries. */
function front(seed: number, k: number): Front {
  const draw = (salt: number) => unit(hash3(seed ^ SALT.front, k, salt));
  const start = k * SLOT_HOURS + draw(1) * SLOT_HOURS * 0.8;
  const bearing = 115 + 40 * draw(2);
  const strength = (0.25 + 0.75 * draw(3) ** 0.8) * (0.5 + 0.5 * winterness(start));
  return {
    start,
    sin: Math.sin(bearing * RAD),
    cos: Math.cos(bearing * RAD),
    bearing,
    speed: 35 + 25 * draw(4),
    strength,
    reach: 1200 + 3300 * strength,
    residual: 0.05 + 0.2 * draw(5),
    growth: 0.16 + 0.22 * draw(6),
    intensity: 0.7 + 1.4 * draw(7) ** 2.5,
    rain: draw(8) < 0.6 ? 0.4 + 0.6 * draw(9) : 0,
    dust: draw(10) < 0.45 ? 0.5 + 0.5 * draw(11) : 0,
  };
}

/** One front passing one place. */
export interface Passage {
  /** Hours since the epoch. */
  time: number;
  /** Strength where it passes (0–1): weaker far from the origin and in sheltered places. */
  strength: number;
  /** Strong enough to sweep the pollution away. */
  clearing: boolean;
  bearing: number;
  residual: number;
  growth: number;
  intensity: number;
  rain: number;
  dust: number;
}

/** Every front passing `place` between two times (hours since the epoch), in time order. */
export function passagesOver(place: CityProfile, seed: number, fromHour: number, toHour: number): Passage[] {
  const radius = Math.hypot(place.x, place.y);
  const travel = radius / 35;
  const kFrom = Math.floor((fromHour - travel) / SLOT_HOURS) - 1;
  const kTo = Math.floor((toHour + travel) / SLOT_HOURS) + 1;
  const out: Passage[] = [];
  for (let k = kFrom; k <= kTo; k++) {
    const f = front(seed, k);
    const distance = place.x * f.sin + place.y * f.cos;
    if (distance > f.reach) continue;
    const time = f.start + distance / f.speed;
    if (time < fromHour || time > toHour) continue;
    const strength = f.strength * place.frontExposure * Math.sqrt(clamp(1 - distance / f.reach, 0, 1));
    if (strength < 0.05) continue;
    out.push({
      time,
      strength,
      // Whether a front clears the air depends on its own strength where it arrives: a front that
      // reaches a sheltered place still replaces the air there, only with less wind and cold.
      clearing: strength >= 0.3 * place.frontExposure,
      bearing: f.bearing,
      residual: f.residual,
      growth: f.growth * place.stagnation * (0.45 + 0.55 * winterness(time)),
      intensity: f.intensity,
      rain: f.rain,
      dust: f.dust,
    });
  }
  return out.sort((a, b) => a.time - b.time);
}

/** 1 in mid-January, 0 in mid-July. */
function winterness(hour: number): number {
  return 0.5 + 0.5 * Math.cos(TAU * yearFraction(hour));
}

/** Years since 15 January 1970 (China time), fractional: the phase of every seasonal cycle. */
function yearFraction(hour: number): number {
  return ((hour + 8) / 24 - 14) / DAYS_PER_YEAR;
}

/** Days since the latest 15 January, 0–365. */
function dayOfSeason(hour: number): number {
  const days = ((hour + 8) / 24 - 14) % DAYS_PER_YEAR;
  return days < 0 ? days + DAYS_PER_YEAR : days;
}

/** Signed distance in days on the yearly circle. */
function seasonDistance(day: number, centre: number): number {
  let d = day - centre;
  if (d > DAYS_PER_YEAR / 2) d -= DAYS_PER_YEAR;
  if (d < -DAYS_PER_YEAR / 2) d += DAYS_PER_YEAR;
  return d;
}

/** District heating runs from 15 November to 15 March in the north (day 304 … day 59 after 15 January). */
function heatingSeason(day: number): number {
  return day < 182 ? 1 - smoothstep(56, 62, day) : smoothstep(301, 307, day);
}

const mod24 = (h: number) => ((h % 24) + 24) % 24;

/** −1 at 06:00, +1 at 15:00 local solar time: a day's temperature curve, rising fast and cooling slowly. */
function diurnal(hour: number): number {
  return hour >= 6 && hour <= 15 ? -Math.cos((Math.PI * (hour - 6)) / 9) : Math.cos((Math.PI * mod24(hour - 15)) / 15);
}

const SQRT_PI = Math.sqrt(Math.PI);

/**
 * The rain field's threshold for a share of rainy hours: its measured quantiles (value noise at two
 * scales), interpolated on the log of the share.
 */
const RAIN_QUANTILES = [
  [0.002, 1.05],
  [0.005, 0.986],
  [0.01, 0.912],
  [0.02, 0.825],
  [0.05, 0.681],
  [0.1, 0.544],
  [0.15, 0.445],
  [0.2, 0.364],
  [0.3, 0.229],
  [0.5, 0.0],
] as const;

function rainThreshold(share: number): number {
  const x = Math.log(clamp(share, 0.002, 0.5));
  for (let i = 1; i < RAIN_QUANTILES.length; i++) {
    const hi = RAIN_QUANTILES[i];
    const lo = RAIN_QUANTILES[i - 1];
    if (hi === undefined || lo === undefined) break;
    if (x <= Math.log(hi[0])) {
      const f = (x - Math.log(lo[0])) / (Math.log(hi[0]) - Math.log(lo[0]));
      return lo[1] + (hi[1] - lo[1]) * f;
    }
  }
  return 0;
}

/** Global horizontal irradiance under a clear sky, W/m²; more on the plateau's thin air. */
function clearSky(sinElevation: number, elevation: number): number {
  return sinElevation <= 0 ? 0 : 1080 * sinElevation ** 1.15 * (1 + 0.00005 * elevation);
}

/** How the synoptic situation stands at one moment. */
interface Synoptic {
  /** Pollution load × the episode's intensity. */
  load: number;
  gust: number;
  gustBearing: number;
  prefrontal: number;
  cold: number;
  rain: number;
  dust: number;
}

const saturate = (x: number) => LOAD_CAP * (1 - Math.exp(-x / LOAD_CAP));

function loadAfter(p: Passage, hoursSince: number): number {
  return saturate(p.residual + (p.growth * hoursSince) / 24) * p.intensity;
}

/** Index of the first passage later than `hour`. */
function firstAfter(passages: readonly Passage[], hour: number): number {
  let lo = 0;
  let hi = passages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((passages[mid]?.time ?? Number.POSITIVE_INFINITY) <= hour) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lastClearing(passages: readonly Passage[], before: number, notBefore: number): Passage | undefined {
  for (let i = before - 1; i >= 0; i--) {
    const p = passages[i];
    if (p === undefined || p.time < notBefore) return undefined;
    if (p.clearing) return p;
  }
  return undefined;
}

/**
 * The synoptic state at `hour` from the passages around it. Only passages within a fixed window of
 * `hour` count, so the result does not depend on how long a list the caller computed.
 */
function synoptic(passages: readonly Passage[], hour: number): Synoptic {
  const next = firstAfter(passages, hour);
  const last = lastClearing(passages, next, hour - MAX_QUIET_HOURS);
  let load: number;
  if (last === undefined) {
    load = saturate(1e9) * 1.1;
  } else {
    const fresh = loadAfter(last, hour - last.time);
    const since = hour - last.time;
    if (since < 6) {
      // The front takes a few hours to sweep the old air out: blend from the load it met.
      const index = passages.indexOf(last);
      const previous = lastClearing(passages, index, last.time - MAX_QUIET_HOURS);
      const before = previous === undefined ? saturate(1e9) * 1.1 : loadAfter(previous, last.time - previous.time);
      load = before + (fresh - before) * smoothstep(0, 6, since);
    } else {
      load = fresh;
    }
  }

  let gust = 0;
  let gustWeight = 0;
  let gustBearing = 315;
  let prefrontal = 0;
  let cold = 0;
  let rain = 0;
  let dust = 0;
  for (let i = firstAfter(passages, hour - 200); i < passages.length; i++) {
    const p = passages[i];
    if (p === undefined || p.time > hour + 36) break;
    const age = hour - p.time;
    const s = p.strength;
    if (age >= -1 && age <= 72) {
      const g = s * Math.exp(-Math.max(age, 0) / 14) * smoothstep(-1, 1.5, age);
      gust += g;
      if (g > gustWeight) {
        gustWeight = g;
        gustBearing = p.bearing + 180;
      }
    }
    if (age < 0) prefrontal += s * Math.exp(age / 12);
    if (age >= -2) cold += s * Math.exp(-Math.max(age, 0) / 45) * smoothstep(-2, 4, age);
    if (age >= -14 && age <= 10) rain += s * p.rain * Math.exp(-(((age + 2) / 4.5) ** 2));
    if (age >= -3 && age <= 60) dust += s * p.dust * Math.exp(-Math.max(age, 0) / 16) * smoothstep(-3, 1, age);
  }
  return { load, gust, gustBearing, prefrontal, cold, rain, dust };
}

/** Hourly city values: weather and the city-wide concentrations that stations vary around. */
export interface CitySeries {
  profile: CityProfile;
  /** Epoch seconds of the end of the first hour. */
  start: number;
  length: number;
  temperature: Float64Array;
  humidity: Float64Array;
  pressure: Float64Array;
  windSpeed: Float64Array;
  windDirection: Float64Array;
  precipitation: Float64Array;
  radiation: Float64Array;
  cloud: Float64Array;
  /** 1 where the sun is up. */
  daylight: Uint8Array;
  /** 1 for an afternoon shower (thunder) rather than steady rain. */
  convective: Uint8Array;
  pm2_5: Float64Array;
  pm10: Float64Array;
  so2: Float64Array;
  no2: Float64Array;
  co: Float64Array;
  o3: Float64Array;
  /** Extra PM10 from desert dust, μg/m³. */
  dust: Float64Array;
  /** The pollution load (0 after a front, ~2.5 in a heavy episode): the cause in forecast texts. */
  load: Float64Array;
}

/** Hours of margin on each side of a series for the front list (lookback and forecasts). */
const PASSAGE_MARGIN_BEFORE = 45 * 24;
const PASSAGE_MARGIN_AFTER = 10 * 24;

/** The random fields one city reads, as tracks along time. */
interface CityFields {
  temperature: NoiseTrack;
  cloud: NoiseTrack;
  pm: NoiseTrack;
  wind: NoiseTrack;
  windDirection: NoiseTrack;
  pressure: NoiseTrack;
  rain: NoiseTrack;
  rainFine: NoiseTrack;
  rainBefore: NoiseTrack;
  rainFineBefore: NoiseTrack;
}

function cityFields(p: CityProfile, seed: number): CityFields {
  const lon = p.longitude;
  const lat = p.latitude;
  return {
    temperature: new NoiseTrack(seed ^ SALT.temperature, lon / 5, lat / 5, 40),
    cloud: new NoiseTrack(seed ^ SALT.cloud, lon / 3, lat / 3, 10),
    pm: new NoiseTrack(seed ^ SALT.pm, lon / 2, lat / 2, 18),
    wind: new NoiseTrack(seed ^ SALT.wind, lon / 3, lat / 3, 7),
    windDirection: new NoiseTrack(seed ^ SALT.windDirection, lon / 2, lat / 2, 5),
    pressure: new NoiseTrack(seed ^ SALT.pressure, lon / 6, lat / 6, 30),
    rain: new NoiseTrack(seed ^ SALT.rain, lon / 2.5, lat / 2.5, 9),
    rainFine: new NoiseTrack(seed ^ SALT.rainFine, lon / 1.1, lat / 1.1, 4),
    // The same fields read five hours back (separate tracks keep both caches warm).
    rainBefore: new NoiseTrack(seed ^ SALT.rain, lon / 2.5, lat / 2.5, 9),
    rainFineBefore: new NoiseTrack(seed ^ SALT.rainFine, lon / 1.1, lat / 1.1, 4),
  };
}

/** The city's values for `length` consecutive hours, the first ending at `start` (epoch seconds). */
export function citySeries(profile: CityProfile, seed: number, start: number, length: number): CitySeries {
  const f64 = () => new Float64Array(length);
  const s: CitySeries = {
    profile,
    start,
    length,
    temperature: f64(),
    humidity: f64(),
    pressure: f64(),
    windSpeed: f64(),
    windDirection: f64(),
    precipitation: f64(),
    radiation: f64(),
    cloud: f64(),
    daylight: new Uint8Array(length),
    convective: new Uint8Array(length),
    pm2_5: f64(),
    pm10: f64(),
    so2: f64(),
    no2: f64(),
    co: f64(),
    o3: f64(),
    dust: f64(),
    load: f64(),
  };
  const firstHour = start / SECONDS_PER_HOUR;
  const passages = passagesOver(
    profile,
    seed,
    firstHour - PASSAGE_MARGIN_BEFORE,
    firstHour + length + PASSAGE_MARGIN_AFTER,
  );
  const fields = cityFields(profile, seed);
  for (let i = 0; i < length; i++) cityHour(profile, fields, passages, firstHour + i, s, i);
  return s;
}

function cityHour(
  p: CityProfile,
  n: CityFields,
  passages: readonly Passage[],
  hourEnd: number,
  s: CitySeries,
  i: number,
) {
  // Values stand for the hour before their label (CNEMC), so the model is evaluated mid-hour.
  const t = hourEnd - 0.5;
  const lat = p.latitude;

  const yf = yearFraction(t);
  const day = dayOfSeason(t);
  const winter = 0.5 + 0.5 * Math.cos(TAU * yf);
  const seasonal = -Math.cos(TAU * (yf - 5 / DAYS_PER_YEAR));
  const spring = Math.exp(-((seasonDistance(day, 85) / 35) ** 2));
  const heat = heatingSeason(day);

  const solarHour = mod24(t + 8 + p.solarOffset);
  const clockHour = mod24(t + 8);
  const declination = 23.44 * RAD * Math.sin((TAU * (day + 14 - 80)) / DAYS_PER_YEAR);
  const latRad = lat * RAD;
  const sunA = Math.sin(latRad) * Math.sin(declination);
  const sunB = Math.cos(latRad) * Math.cos(declination);
  const sunNow = sunA + sunB * Math.cos((Math.PI * (solarHour - 12)) / 12);
  const shape = diurnal(solarHour);

  const syn = synoptic(passages, t);
  const load = syn.load;

  const nT = n.temperature.at(t);
  const nCloud = n.cloud.at(t);
  const nPm = n.pm.at(t);
  const nWind = n.wind.at(t);

  // Rain: cells of a smooth random field where it exceeds a threshold. The threshold is the field's
  // quantile for the share of rainy hours the climate and the season (the monsoon) give; summer
  // afternoons add showers; fronts add a band of rain where the air is moist enough.
  const bell = Math.exp(-((seasonDistance(day, p.rainPeakDay) / p.rainPeakWidth) ** 2));
  const rainyShare = p.rainyHours * (1 - p.monsoon + (p.monsoon * bell * DAYS_PER_YEAR) / (p.rainPeakWidth * SQRT_PI));
  const threshold = rainThreshold(rainyShare);
  const climate = Math.min(rainyShare / 0.1, 1.5);
  const afternoon = Math.exp(-(((solarHour - 16) / 3) ** 2));
  const showers = 1 + 0.3 * bell * p.wetness * afternoon;
  const field = (n.rain.at(t) + 0.5 * n.rainFine.at(t)) * showers;
  const fieldBefore = n.rainBefore.at(t - 5) + 0.5 * n.rainFineBefore.at(t - 5);
  const frontRain = syn.rain * Math.min(rainyShare / 0.08, 1.2);
  // About 1.5 mm/h on average where it rains, more in a wet climate and in the rainy season; the
  // excess is measured against the room above the threshold so that a low threshold (many rainy
  // hours) does not also mean torrents.
  const excess = Math.max(0, field - threshold) / (1.3 - threshold);
  const rate = excess * 12 * (0.5 + 0.5 * p.wetness) * (0.8 + 0.4 * bell) + frontRain * 2;
  const wet = Math.max(0, field - threshold + 0.3) + 0.6 * frontRain;
  const wetBefore = Math.max(0, fieldBefore - threshold + 0.3);
  const washout = Math.exp(-1.4 * Math.max(wet, 0.8 * wetBefore));

  const cloud = clamp(
    0.3 +
      0.55 * nCloud +
      0.25 * climate +
      1.3 * wet -
      0.45 * Math.min(syn.cold, 1) -
      0.25 * (1 - p.wetness) +
      p.overcast * (0.5 + 0.5 * winter),
    0,
    1,
  );

  const temperature =
    p.tMean +
    p.tAmplitude * seasonal +
    p.tDiurnal * (1 - 0.55 * cloud) * shape -
    (4 + 6 * winter) * syn.cold +
    1.5 * Math.min(syn.prefrontal, 1) +
    0.5 * Math.min(load, 1.5) +
    2.2 * nT -
    1.5 * Math.min(wet, 1);

  let humidity =
    p.rhMean +
    p.rhSummer * seasonal -
    12 * (1 - 0.5 * cloud) * shape +
    18 * Math.min(wet, 1) +
    5 * Math.min(load, 1.5) -
    20 * Math.min(syn.cold, 1) * (1 - 0.5 * p.wetness) +
    7 * nCloud;
  humidity = clamp(humidity, 8, 100);
  const precipitation = rate < 0.1 ? 0 : rate;
  if (precipitation > 0) humidity = Math.max(humidity, 86 + 8 * Math.min(1, precipitation / 5));

  const windSpeed = Math.max(
    0.3,
    p.windMean * (0.8 + 0.3 * nWind) * (1 + 0.25 * shape) * (1.15 - 0.17 * Math.min(load, 1.5)) +
      7.5 * syn.gust +
      1.3 * Math.min(syn.prefrontal, 1) +
      Math.min(wet, 1),
  );
  const windDirection = direction(p, winter, syn, n.windDirection.at(t));

  const seaLevel =
    1012 +
    26 * (winter - 0.5) * (0.5 + 0.5 * p.heating) +
    9 * Math.min(syn.cold, 1.5) -
    4 * Math.min(syn.prefrontal, 1) +
    2.5 * n.pressure.at(t) +
    0.8 * Math.cos((TAU * 2 * (clockHour - 10)) / 24);

  // Air. Fine particles: the regional base, the season and district heating, the episode's load,
  // the boundary layer (higher at night), humidity (particles swell), wind and rain.
  // Desert dust: storms behind spring fronts, and a haze of it all year near the deserts.
  const dustPm10 = p.dust * (650 * spring * syn.dust + 70 * (0.6 + 0.8 * spring) * (0.5 + Math.min(windSpeed, 8) / 8));
  // The load averages about 1.4 over a year; the factor keeps the city's annual mean near its base.
  const episode = (0.3 + 0.85 * load) * 0.72;
  const season = 1 + (0.25 + 0.15 * p.heating) * Math.cos(TAU * yf);
  const heating = 1 + 0.6 * p.heating * heat;
  const boundaryLayer =
    1 + 0.2 * Math.cos((TAU * (solarHour - 23)) / 24) + 0.07 * Math.cos((TAU * 2 * (solarHour - 9)) / 24);
  const swelling = 1 + (0.6 * (Math.max(0, humidity - 70) - Math.max(0, p.rhMean - 70))) / 30;
  const dilution = 1 / (1 + 0.17 * Math.max(0, windSpeed - 1.6));
  const pm2_5 =
    p.pmBase * season * heating * episode * boundaryLayer * swelling * dilution * washout * (1 + 0.2 * nPm) +
    0.2 * dustPm10;
  const pm10 = (pm2_5 - 0.2 * dustPm10) * p.pm10Ratio * (1 + 0.1 * nCloud) + dustPm10;

  // NO2 follows the traffic clock (rush hours 08:00 and 20:00), dips at noon when the sun splits it.
  const rush =
    1 +
    0.3 * Math.exp(-(((clockHour - 8.5) / 1.8) ** 2)) +
    0.35 * Math.exp(-(((clockHour - 20.5) / 2.5) ** 2)) -
    0.25 * Math.exp(-(((clockHour - 14) / 3) ** 2));
  const no2 =
    p.no2Base *
    (0.78 + 0.4 * winter) *
    (0.62 + 0.42 * Math.min(load, 1.8)) *
    dilution ** 0.7 *
    rush *
    washout ** 0.3 *
    (1 + 0.15 * nPm);
  const so2 =
    p.so2Base *
    (0.8 + 0.35 * winter) *
    (1 + 0.45 * p.heating * heat) *
    (0.75 + 0.25 * Math.min(load, 1.8)) *
    (1 + 0.3 * Math.exp(-(((solarHour - 11) / 3) ** 2))) *
    dilution ** 0.5;
  const co = 0.2 + p.coPerPm * pm2_5 * (1 + 0.15 * p.heating * heat) + 0.08 * (1 + nPm);

  // Ozone is made by sunlight from the region's precursors, a couple of hours behind the sun, more in
  // heat and still air; at night NO from traffic eats it where NO2 is high.
  let photo = 0;
  let weight = 1;
  for (let k = 0; k <= 6; k++) {
    photo += clearSky(sunA + sunB * Math.cos((Math.PI * (solarHour - k - 12)) / 12), 0) * weight;
    weight *= 0.6;
  }
  photo /= 2400;
  const warmth = clamp((temperature - 5) / 22, 0.35, 1.3);
  const made =
    170 *
    p.o3Precursor *
    photo *
    warmth *
    (0.85 + 0.25 * Math.min(load, 1.5)) *
    (1 - 0.6 * cloud) *
    Math.sqrt(washout) *
    (1 + 0.1 * nT);
  const background = p.o3Background * (1 + 0.3 * spring) * (1 + 0.15 * Math.min(syn.gust, 1));
  const titration = 1 - ((0.45 * no2) / (no2 + 35)) * (1 - Math.min(photo, 1));
  const o3 = background * titration + made;

  s.temperature[i] = temperature;
  s.humidity[i] = humidity;
  s.pressure[i] = seaLevel * p.pressureFactor;
  s.windSpeed[i] = windSpeed;
  s.windDirection[i] = windDirection;
  s.precipitation[i] = precipitation;
  s.radiation[i] = clearSky(sunNow, p.elevation) * (1 - 0.75 * cloud ** 2.2) * (1 - 0.25 * Math.min(pm2_5 / 250, 1));
  s.cloud[i] = cloud;
  s.daylight[i] = sunNow > 0 ? 1 : 0;
  s.convective[i] = precipitation > 0 && bell > 0.5 && afternoon > 0.5 && frontRain < 0.1 ? 1 : 0;
  s.pm2_5[i] = pm2_5;
  s.pm10[i] = pm10;
  s.so2[i] = so2;
  s.no2[i] = no2;
  s.co[i] = co;
  s.o3[i] = o3;
  s.dust[i] = dustPm10;
  s.load[i] = load;
}

/**
 * Wind direction (degrees the wind blows from): the winter and summer monsoons, north-westerlies
 * behind a front, southerlies ahead of one, and light variable wind in between.
 */
function vector(degrees: number, weight: number): [number, number] {
  return [Math.sin(degrees * RAD) * weight, Math.cos(degrees * RAD) * weight];
}

function direction(p: CityProfile, winter: number, syn: Synoptic, noise: number): number {
  const winterFrom = p.latitude > 28 ? 320 : 20;
  const summerFrom = p.latitude > 26 && p.longitude > 108 ? 150 : 200;
  const parts = [
    vector(winterFrom, winter),
    vector(summerFrom, 1 - winter),
    vector(syn.gustBearing, 3 * Math.min(syn.gust, 1)),
    vector(190, 1.5 * Math.min(syn.prefrontal, 1)),
  ];
  let x = 0;
  let y = 0;
  for (const [dx, dy] of parts) {
    x += dx;
    y += dy;
  }
  const mean = Math.atan2(x, y) / RAD + 80 * noise;
  return ((mean % 360) + 360) % 360;
}

/** What makes one station differ from its city: siting and a little instrument noise. */
export interface StationCharacter {
  hash: number;
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

export const POLLUTANT_FIELDS = ['pm2_5', 'pm10', 'so2', 'no2', 'co', 'o3'] as const;
export type PollutantField = (typeof POLLUTANT_FIELDS)[number];

/** What a station reports at one hour: everything, nothing (offline) or all but one analyser. */
export const ONLINE = -1;
export const OFFLINE = -2;

/**
 * Outages as a pure function of the station and the hour: on about 2 % of days a station goes
 * offline for 2–9 hours, and on about 2.5 % one analyser drops out for 1–6 hours. Returns, per hour
 * of the series, ONLINE, OFFLINE or the index (into POLLUTANT_FIELDS) of the missing pollutant.
 */
export function outages(stationHash: number, firstHourEnd: number, length: number): Int8Array {
  const out = new Int8Array(length).fill(ONLINE);
  const firstDay = Math.floor((firstHourEnd + 8) / 24) - 1;
  const lastDay = Math.floor((firstHourEnd + length - 1 + 8) / 24);
  for (let d = firstDay; d <= lastDay; d++) {
    const b = hash3(stationHash, d, SALT.fault);
    if (unit(b) < 0.025) {
      const start = d * 24 - 8 + Math.floor(unit(hash2(b, 1)) * 24);
      const hours = 1 + Math.floor(unit(hash2(b, 2)) * 6);
      mark(out, firstHourEnd, start, hours, hash2(b, 3) % POLLUTANT_FIELDS.length);
    }
  }
  // Whole-station outages last, so that they win over a single analyser's.
  for (let d = firstDay; d <= lastDay; d++) {
    const a = hash3(stationHash, d, SALT.outage);
    if (unit(a) < 0.02) {
      const start = d * 24 - 8 + Math.floor(unit(hash2(a, 1)) * 24);
      mark(out, firstHourEnd, start, 2 + Math.floor(unit(hash2(a, 2)) * 8), OFFLINE);
    }
  }
  return out;
}

function mark(out: Int8Array, firstHourEnd: number, start: number, hours: number, value: number): void {
  for (let h = Math.max(start, firstHourEnd); h < start + hours && h < firstHourEnd + out.length; h++) {
    out[h - firstHourEnd] = value;
  }
}

const NOISE_STEP_HOURS = 5;

/**
 * Per-station noise of one pollutant along a series: a slow drift (a random value every five hours,
 * smoothly joined) plus a little hour-to-hour jitter, in [-1, 1].
 */
export function stationNoise(stationHash: number, field: number, firstHourEnd: number, length: number): Float64Array {
  const out = new Float64Array(length);
  const seed = hash2(stationHash, field);
  let cell = Number.NaN;
  let a = 0;
  let b = 0;
  for (let i = 0; i < length; i++) {
    const hourEnd = firstHourEnd + i;
    const x = (hourEnd - 0.5) / NOISE_STEP_HOURS;
    const c = Math.floor(x);
    if (c !== cell) {
      a = c === cell + 1 ? b : signed(hash2(seed, c));
      b = signed(hash2(seed, c + 1));
      cell = c;
    }
    const f = x - c;
    const slow = a + (b - a) * f * f * (3 - 2 * f);
    const jitter = signed(hash2(seed ^ 0x2545_f491, hourEnd));
    out[i] = 0.75 * slow + 0.25 * jitter;
  }
  return out;
}
