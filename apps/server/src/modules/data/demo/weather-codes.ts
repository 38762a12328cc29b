/**
 * QWeather's weather codes and texts (GUIDE.md §2), and the rules the demo uses to name an hour's or
 * a half-day's weather. Night has its own codes for clear and cloudy skies (150, 151), as in QWeather.
 */

export const WEATHER_TEXT: Readonly<Record<string, string>> = {
  '100': '晴',
  '101': '多云',
  '104': '阴',
  '150': '晴',
  '151': '多云',
  '302': '雷阵雨',
  '305': '小雨',
  '306': '中雨',
  '307': '大雨',
  '310': '暴雨',
  '400': '小雪',
  '401': '中雪',
  '402': '大雪',
  '404': '雨夹雪',
  '501': '雾',
  '502': '霾',
  '503': '扬沙',
  '504': '浮尘',
  '507': '沙尘暴',
};

export function weatherText(code: string): string {
  return WEATHER_TEXT[code] ?? '未知';
}

export interface HourWeather {
  temperature: number;
  humidity: number;
  windSpeed: number;
  /** mm in the hour. */
  precipitation: number;
  cloud: number;
  pm2_5: number;
  /** Extra PM10 from desert dust, μg/m³. */
  dust: number;
  daylight: boolean;
  convective: boolean;
}

/** The weather of one hour. Precipitation classes follow CMA's hourly intensities. */
export function hourCode(w: HourWeather): string {
  if (w.precipitation > 0) {
    if (w.temperature <= 0) return w.precipitation < 0.3 ? '400' : w.precipitation < 0.8 ? '401' : '402';
    if (w.temperature <= 1.5) return '404';
    if (w.convective && w.precipitation >= 2) return '302';
    return w.precipitation < 2.5 ? '305' : w.precipitation < 8 ? '306' : w.precipitation < 16 ? '307' : '310';
  }
  if (w.dust > 800) return '507';
  if (w.dust > 150) return w.windSpeed > 5 ? '503' : '504';
  // Radiation fog: saturated, still air in the cool season (humid summer nights stay clear).
  if (w.humidity >= 93 && w.windSpeed < 1.5 && w.temperature < 18) return '501';
  if (w.pm2_5 >= 115 && w.humidity < 90) return '502';
  if (w.cloud < 0.3) return w.daylight ? '100' : '150';
  if (w.cloud < 0.72) return w.daylight ? '101' : '151';
  return '104';
}

/**
 * The weather of a half day (day 08–20, night 20–08) for a daily forecast: precipitation by the
 * 12-hour totals of CMA's classes, else dust, fog or haze if they last, else the mean cloud cover.
 */
export function periodCode(hours: readonly HourWeather[], night: boolean): string {
  let rain = 0;
  let snow = 0;
  let wetHours = 0;
  let showers = 0;
  let cloud = 0;
  let dust = 0;
  let fog = 0;
  let haze = 0;
  for (const h of hours) {
    cloud += h.cloud;
    if (h.precipitation > 0) {
      wetHours++;
      if (h.temperature <= 0.5) snow += h.precipitation;
      else rain += h.precipitation;
      if (h.convective) showers++;
      continue;
    }
    const code = hourCode(h);
    if (code === '503' || code === '504' || code === '507') dust++;
    if (code === '501') fog++;
    if (code === '502') haze++;
  }
  if (wetHours >= 2 || rain + snow >= 1) {
    if (snow > rain) return snow < 2.5 ? '400' : snow < 5 ? '401' : '402';
    if (showers * 2 >= wetHours && rain >= 2) return '302';
    return rain < 5 ? '305' : rain < 15 ? '306' : rain < 30 ? '307' : '310';
  }
  if (dust >= 3) return '503';
  if (fog >= 3) return '501';
  if (haze >= 3) return '502';
  const mean = hours.length === 0 ? 0 : cloud / hours.length;
  if (mean < 0.3) return night ? '150' : '100';
  if (mean < 0.7) return night ? '151' : '101';
  return '104';
}
