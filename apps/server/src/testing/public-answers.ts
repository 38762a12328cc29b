import { createHash } from 'node:crypto';
import { seedDemoData } from '../modules/data/demo';
import { createTestApp } from './app';
import { signedInject } from './signed';

/**
 * The public site's answers over a fixed demo country at a fixed clock, as digests: what the golden
 * test (modules/public/public-answers.test.ts) compares with the digests recorded in
 * fixtures/public-answers.golden.json, so that a change meant to make answers faster (prepared
 * bytes, caches, compact forms) is shown to leave every byte of every answer as it was.
 *
 * Regenerate the file only for an intended change of an answer:
 *   npx tsx apps/server/src/testing/public-answers.ts > apps/server/src/testing/fixtures/public-answers.golden.json
 */

/** 2024-05-10 14:20 China time. */
export const GOLDEN_NOW = Date.UTC(2024, 4, 10, 6, 20) / 1000;
const CITIES = ['110000', '310000', '440100', '510100', '120000', '130100'];

interface Call {
  method: 'GET' | 'POST';
  url: string;
  params?: Record<string, string>;
}

export const PUBLIC_ANSWER_CALLS: Readonly<Record<string, Call>> = {
  'getCityCurrentData 110000': { method: 'POST', url: '/api/getCityCurrentData', params: { city: '110000' } },
  'getCityCurrentData shanghai': { method: 'POST', url: '/api/getCityCurrentData', params: { city: 'shanghai' } },
  'getCityCurrentData district': { method: 'POST', url: '/api/getCityCurrentData', params: { city: '110105' } },
  getSiteCurrentData: { method: 'POST', url: '/api/getSiteCurrentData', params: { siteCode: 'D110000-01' } },
  getFocusCityData: { method: 'POST', url: '/api/getFocusCityData', params: { stationCode: '310000' } },
  getAllFocusCityData: {
    method: 'POST',
    url: '/api/getAllFocusCityData',
    params: { stationCodes: '110000,310000,440100,110105' },
  },
  'getCityRank hour': { method: 'POST', url: '/api/getCityRank', params: {} },
  'getCityRank day': { method: 'POST', url: '/api/getCityRank', params: { timeType: 'day' } },
  'getCityRank month': { method: 'POST', url: '/api/getCityRank', params: { timeType: 'month' } },
  getCustomAreaRank: { method: 'POST', url: '/api/getCustomAreaRank', params: { areaCodes: '110000,310000,120000' } },
  'getMapSiteData site hour': {
    method: 'POST',
    url: '/api/getMapSiteData',
    params: { timeType: 'hour', dataType: 'aqi', mapType: 'site', formatType: '1' },
  },
  'getMapSiteData city hour pm25': {
    method: 'POST',
    url: '/api/getMapSiteData',
    params: { mapType: 'city', dataType: 'pm25' },
  },
  'getMapSiteData site day': { method: 'POST', url: '/api/getMapSiteData', params: { timeType: 'day' } },
  getCitySite: { method: 'POST', url: '/api/getCitySite', params: { city: '110000' } },
  getSiteDetail: { method: 'POST', url: '/api/getSiteDetail', params: { siteCode: 'D310000-02' } },
  getCityList: { method: 'GET', url: '/api/getCityList' },
  getProvinceList: { method: 'GET', url: '/api/getProvinceList' },
  getSiteInfoList: { method: 'GET', url: '/api/getSiteInfoList', params: { cityCode: '110000' } },
  getCityHoursData: { method: 'POST', url: '/api/getCityHoursData', params: { city: '110000' } },
  getCityDayData: { method: 'POST', url: '/api/getCityDayData', params: { city: '440100' } },
  getCityMonthData: { method: 'POST', url: '/api/getCityMonthData', params: { city: '110000' } },
  getCityYearData: { method: 'POST', url: '/api/getCityYearData', params: { city: '110000' } },
  getCity3Day: { method: 'POST', url: '/api/getCity3Day', params: { city: '510100' } },
  getCityForeText: { method: 'POST', url: '/api/getCityForeText', params: { city: '510100' } },
  getCityNextHoursData: { method: 'POST', url: '/api/getCityNextHoursData', params: { city: '510100' } },
  getTimeLineData: { method: 'POST', url: '/api/getTimeLineData', params: {} },
  getCityTimeLineData: { method: 'POST', url: '/api/getCityTimeLineData', params: { city: '110000' } },
  getRankAnalysis: { method: 'POST', url: '/api/getRankAnalysis', params: { city: '110000' } },
  getCityCalendar: { method: 'POST', url: '/api/cityAna/getCityCalendar', params: { city: '110000', year: '2024' } },
  getWeather: { method: 'POST', url: '/api/getWeather', params: { city: '110000' } },
  getAlarmInfo: { method: 'POST', url: '/api/getAlarmInfo', params: {} },
};

export interface AnswerDigest {
  status: number;
  bytes: number;
  sha256: string;
}

/** Every call of PUBLIC_ANSWER_CALLS answered by an app over the golden country (`env` on top of the test defaults). */
export async function publicAnswerDigests(env: Record<string, string> = {}): Promise<Record<string, AnswerDigest>> {
  const app = await createTestApp({ env, now: () => GOLDEN_NOW });
  try {
    await seedDemoData(app.database, { days: 3, now: GOLDEN_NOW, cities: CITIES });
    const digests: Record<string, AnswerDigest> = {};
    // Twice: the first answer builds (and may cache), the second is served as it was kept.
    for (const round of [1, 2]) {
      for (const [name, call] of Object.entries(PUBLIC_ANSWER_CALLS)) {
        const res = await signedInject(app.server, app.config, {
          method: call.method,
          url: call.url,
          ...(call.params ? { params: call.params } : {}),
        });
        const digest = {
          status: res.statusCode,
          bytes: res.rawPayload.length,
          sha256: createHash('sha256').update(res.rawPayload).digest('hex'),
        };
        const first = digests[name];
        if (round === 2 && first !== undefined && first.sha256 !== digest.sha256)
          throw new Error(`${name}: the second answer differs from the first`);
        digests[name] = digest;
      }
    }
    return digests;
  } finally {
    await app.close();
  }
}

if (process.argv[1]?.endsWith('public-answers.ts')) {
  console.log(JSON.stringify(await publicAnswerDigests(), null, 2));
}
