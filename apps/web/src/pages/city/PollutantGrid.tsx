import type { CityCurrentValues, CityPollutantIndex } from '@lantian/contracts';
import { DISPLAY_POLLUTANTS, formatIndex, INDEX_LABEL, levelColor, levelName, levelText } from '../../shared/aqi';

/**
 * The seven pollutant tiles of the current hour: concentration (CO two decimals, §9), unit,
 * sub-index (IAQI) and the level of the concentration, with the primary pollutant marked.
 * O₃-8h has no real-time IAQI (HJ 633-2012): its tile says so instead of showing a blank.
 */
export function PollutantGrid({ current }: { current: CityCurrentValues }) {
  const byKey = new Map(current.pollutants.map((p) => [p.key, p]));
  return (
    <ul className="lt-cap-pollutants" aria-label="各污染物浓度与分指数">
      {DISPLAY_POLLUTANTS.map((key) => {
        const p = byKey.get(key);
        return p === undefined ? null : (
          <PollutantTile key={key} p={p} primary={current.primaryPollutant.includes(key)} stale={current.stale} />
        );
      })}
      <li className="lt-cap-pollutant lt-cap-legend" aria-label="级别图例">
        <span className="lt-cap-pollutant-label">级别</span>
        <span className="lt-cap-legend-items">
          {[1, 2, 3, 4, 5, 6].map((l) => (
            <span key={l}>
              <i style={{ background: levelColor(l) }} />
              {levelName(l)}
            </span>
          ))}
        </span>
      </li>
    </ul>
  );
}

function PollutantTile({ p, primary, stale }: { p: CityPollutantIndex; primary: boolean; stale: boolean }) {
  const value = formatIndex(p.key, p.value);
  return (
    <li
      className={`lt-cap-pollutant${stale ? ' lt-cap-pollutant-stale' : ''}`}
      data-pollutant={p.key}
      aria-label={`${p.name} ${INDEX_LABEL[p.key]} ${value} ${p.unit}，${p.levelName}${primary ? '，首要污染物' : ''}`}
    >
      <span className="lt-cap-pollutant-band" style={{ background: levelColor(p.level) }} />
      <div className="lt-cap-pollutant-head">
        <span className="lt-cap-pollutant-label">{INDEX_LABEL[p.key]}</span>
        {primary && <span className="lt-cap-primary-mark">首要</span>}
      </div>
      <div className="lt-cap-pollutant-value">
        <strong data-testid={`pollutant-value-${p.key}`}>{value}</strong>
        <small>{p.unit}</small>
      </div>
      <div className="lt-cap-pollutant-meta">
        <span style={{ color: levelText(p.level) }}>{p.levelName}</span>
        <span className="lt-cap-pollutant-iaqi">{p.iaqi === null ? '8h 均值' : `分指数 ${p.iaqi}`}</span>
      </div>
      <div className="lt-cap-pollutant-name">{p.name}</div>
    </li>
  );
}
