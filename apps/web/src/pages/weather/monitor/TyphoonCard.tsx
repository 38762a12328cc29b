import { type ReactNode, useMemo, useState } from 'react';
import { EChart } from '../../../shared/charts/EChart';
import { useChinaMap } from '../china-map';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../QueryState';
import { useTyphoons, useTyphoonTrack } from './monitor.api';
import { CATEGORY_COLORS, pointsOf, tracksOf, typhoonOption } from './typhoon-option';

const FIRST_YEAR = 1949;
const GRADES: readonly [number, string][] = [
  [1, '热带低压'],
  [2, '热带风暴'],
  [3, '强热带风暴'],
  [4, '台风'],
  [5, '强台风'],
  [6, '超强台风'],
];

/** 台风路径: the cyclones of a year, and the chosen one's track over the map, points coloured by grade. */
export function TyphoonCard() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const list = useTyphoons(year);
  const tracks = list.data ? tracksOf(list.data) : [];
  const name = chosen ?? tracks[0]?.properties.international;
  const track = useTyphoonTrack(year, tracks.length > 0 ? name : undefined);
  const map = useChinaMap(true);
  const option = useMemo(
    () => (track.data && map.state === 'ready' ? typhoonOption(track.data) : undefined),
    [track.data, map.state],
  );
  const points = track.data ? pointsOf(track.data) : [];
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);

  let body: ReactNode;
  if (list.isError) body = <ErrorBlock error={list.error} onRetry={() => list.refetch()} title="台风数据加载失败" />;
  else if (list.data === undefined) body = <LoadingBlock rows={4} label="台风数据加载中" />;
  else if (tracks.length === 0) body = <EmptyBlock>{list.data.message ?? `${year} 年暂无台风`}</EmptyBlock>;
  else if (map.state === 'error')
    body = <ErrorBlock title="地图加载失败" error={new Error('请检查网络后重试')} onRetry={map.retry} />;
  else if (option === undefined) body = <LoadingBlock rows={4} label="台风路径加载中" />;
  else
    body = (
      <div className="lt-mon-typhoon" data-testid="typhoon-track" data-points={points.length}>
        <EChart
          option={option}
          className="lt-mon-map"
          style={{ height: undefined }}
          ariaLabel={`台风 ${name ?? ''} 路径图，${points.length} 个路径点`}
        />
        <ul className="lt-mon-grades" aria-label="台风等级图例">
          {GRADES.map(([code, label]) => (
            <li key={code}>
              <i style={{ background: CATEGORY_COLORS[code] }} />
              {label}
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <section className="lt-wx-card lt-mon-card" aria-labelledby="lt-mon-typhoon-title">
      <header className="lt-wx-card-head">
        <h2 id="lt-mon-typhoon-title">台风路径</h2>
        <span className="lt-mon-controls">
          <select
            aria-label="年份"
            value={year}
            onChange={(e) => {
              setYear(Number(e.target.value));
              setChosen(undefined);
            }}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y} 年
              </option>
            ))}
          </select>
          {tracks.length > 0 ? (
            <select aria-label="台风" value={name} onChange={(e) => setChosen(e.target.value)}>
              {tracks.map((t) => (
                <option key={t.properties.id} value={t.properties.international}>
                  {t.properties.international} {t.properties.nameCn ?? ''} {t.properties.nameEn}
                </option>
              ))}
            </select>
          ) : null}
        </span>
      </header>
      {body}
    </section>
  );
}
