import { aqiLevelInfo, formatAqi, MISSING_TEXT } from '@lantian/domain';
import { useEffect } from 'react';
import { WeatherIcon } from '../../shared/weather/WeatherIcon';
import { useSelectCity } from '../city';
import { loadFollowDataOnce, useFollowDataStatus } from './data';
import { formatCardTime, truncateFollowName } from './format';
import { type FollowedCity, useFollowedCities } from './store';
import './follow.css';

/** Dark text on the light level colours (优 green, 良 yellow), white on the others. */
const DARK_TEXT_LEVELS = new Set([1, 2]);

/**
 * The follow tab of the search dropdown: one card per followed city (spec §2): name (cut after 7
 * characters when longer than 8), today's weather text and icon, AQI in its level colour, main
 * pollutant and the data time 'MM-DD HH:00'. Mounting it is "opening the tab": the first time, the
 * cards' data is fetched.
 */
export function FollowCards({ onPick }: { onPick?: () => void }) {
  const cities = useFollowedCities();
  const status = useFollowDataStatus();
  const selectCity = useSelectCity();

  useEffect(() => loadFollowDataOnce(), []);

  if (cities.length === 0) return <p className="lt-follow-empty">暂无关注城市</p>;

  const pick = (c: FollowedCity) => {
    selectCity({
      code: c.stationCode,
      name: c.stationName,
      pinyin: c.pyName,
      pyName: c.pyName,
      type: c.stationType,
      regionCode: c.regionCode,
      longitude: c.longitude,
      latitude: c.latitude,
    });
    onPick?.();
  };

  return (
    <ul className="lt-follow-cards" aria-busy={status === 'loading'}>
      {cities.map((c) => {
        const level = aqiLevelInfo(c.aqi);
        return (
          <li key={c.stationCode}>
            <button type="button" className="lt-follow-card" onClick={() => pick(c)} aria-label={`${c.stationName}`}>
              <span className="lt-follow-card-top">
                <span className="lt-follow-card-name" title={c.stationName}>
                  {truncateFollowName(c.stationName)}
                </span>
                <span className="lt-follow-card-weather">
                  {c.icon != null && <WeatherIcon code={c.icon} size={18} />}
                  <span>{c.textDay ?? MISSING_TEXT}</span>
                </span>
              </span>
              <span className="lt-follow-card-air">
                <span
                  className="lt-follow-card-aqi"
                  style={{ background: level.color, color: DARK_TEXT_LEVELS.has(level.level) ? '#1f2329' : '#fff' }}
                  title={`AQI ${formatAqi(c.aqi)} ${level.name}`}
                >
                  AQI {formatAqi(c.aqi)}
                </span>
                <span className="lt-follow-card-level">{level.name}</span>
                <span className="lt-follow-card-pol">首要污染物：{c.mainPol ?? MISSING_TEXT}</span>
              </span>
              <span className="lt-follow-card-time">{formatCardTime(c.time)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
