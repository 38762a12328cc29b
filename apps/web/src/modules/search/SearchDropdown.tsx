import { formatCoordinates } from '@lantian/domain';
import { useEffect, useMemo, useRef } from 'react';
import { type CityListEntry, useCityDirectory } from '../city';
import { isCityCode } from '../city/city';
import { FollowCards } from '../follow/FollowCards';
import { groupCitiesByInitial, LETTERS, type Letter, type SearchTab } from './grouping';

export interface SearchDropdownProps {
  id: string;
  mode: 'default' | 'results';
  results: readonly CityListEntry[];
  active: number;
  listStatus: 'pending' | 'error' | 'success';
  tab: SearchTab;
  onTab(tab: SearchTab): void;
  onHover(index: number): void;
  onPick(entry: CityListEntry): void;
  onClose(): void;
}

/** The dropdown under the search box: the default panel (全国 / 关注) or the results of what was typed. */
export default function SearchDropdown(props: SearchDropdownProps) {
  return (
    <div className="lt-search-dropdown" id={props.id}>
      {props.mode === 'results' ? <Results {...props} /> : <DefaultPanel {...props} />}
    </div>
  );
}

function ListState({ status }: { status: SearchDropdownProps['listStatus'] }) {
  return (
    <p className="lt-search-note" role="status">
      {status === 'pending' ? '正在加载城市列表…' : '城市列表加载失败，请刷新页面重试'}
    </p>
  );
}

function Results({ id, results, active, listStatus, onHover, onPick }: SearchDropdownProps) {
  const { find } = useCityDirectory();
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  if (listStatus !== 'success') return <ListState status={listStatus} />;
  if (results.length === 0) {
    return (
      <p className="lt-search-note" role="status">
        未匹配到对应城市!
      </p>
    );
  }
  return (
    <div className="lt-search-results" role="listbox" aria-label="搜索结果" ref={listRef}>
      {results.map((entry, i) => {
        const parent = isCityCode(entry.areaCode) ? undefined : find(entry.regionCode);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter)
          <div
            key={entry.areaCode}
            id={`${id}-opt-${i}`}
            data-index={i}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={i === active ? 'lt-search-result lt-search-result-active' : 'lt-search-result'}
            onPointerMove={() => {
              if (i !== active) onHover(i);
            }}
            onClick={() => onPick(entry)}
          >
            <span className="lt-search-result-name">
              {entry.areaName}
              {parent !== undefined && parent.areaCode !== entry.areaCode && (
                <span className="lt-search-result-parent">{parent.areaName}</span>
              )}
            </span>
            <span className="lt-search-result-pos">{formatCoordinates(entry.longitude, entry.latitude)}</span>
          </div>
        );
      })}
    </div>
  );
}

function DefaultPanel({ tab, onTab, onPick, onClose, listStatus }: SearchDropdownProps) {
  const tabs: { key: SearchTab; label: string }[] = [
    { key: 'all', label: '全国' },
    { key: 'follow', label: '关注' },
  ];
  return (
    <div className="lt-search-default">
      <div className="lt-search-tabs" role="tablist" aria-label="城市列表">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`lt-search-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`lt-search-panel-${t.key}`}
            className={tab === t.key ? 'lt-search-tab lt-search-tab-active' : 'lt-search-tab'}
            onClick={() => onTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`lt-search-panel-${tab}`} aria-labelledby={`lt-search-tab-${tab}`}>
        {tab === 'all' ? (
          listStatus === 'success' ? (
            <Nationwide onPick={onPick} />
          ) : (
            <ListState status={listStatus} />
          )
        ) : (
          <FollowCards onPick={onClose} />
        )}
      </div>
    </div>
  );
}

function Nationwide({ onPick }: { onPick(entry: CityListEntry): void }) {
  const { cities } = useCityDirectory();
  const groups = useMemo(() => groupCitiesByInitial(cities), [cities]);
  const listRef = useRef<HTMLDivElement>(null);

  const scrollTo = (letter: Letter) => {
    const list = listRef.current;
    const heading = list?.querySelector<HTMLElement>(`[data-letter="${letter}"]`);
    if (list === null || heading === null || heading === undefined) return;
    const group = heading.parentElement ?? heading;
    list.scrollTo({ top: group.offsetTop, behavior: 'smooth' });
  };

  return (
    <div className="lt-search-nationwide">
      <nav className="lt-search-letters" aria-label="按拼音首字母跳转">
        {LETTERS.map((letter) => {
          const empty = groups.find((g) => g.letter === letter)?.cities.length === 0;
          return (
            <button
              key={letter}
              type="button"
              className="lt-search-letter"
              disabled={empty}
              aria-label={`跳到 ${letter}`}
              onClick={() => scrollTo(letter)}
            >
              {letter}
            </button>
          );
        })}
      </nav>
      <div className="lt-search-groups" ref={listRef} tabIndex={-1}>
        {groups
          .filter((g) => g.cities.length > 0)
          .map((g) => (
            <section key={g.letter} className="lt-search-group" aria-label={`${g.letter} 开头的城市`}>
              <h3 className="lt-search-group-letter" data-letter={g.letter}>
                {g.letter}
              </h3>
              <ul className="lt-search-group-cities">
                {g.cities.map((entry) => (
                  <li key={entry.areaCode}>
                    <button type="button" className="lt-search-city" onClick={() => onPick(entry)}>
                      {entry.areaName}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
    </div>
  );
}
