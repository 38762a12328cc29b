import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { whenFirstScreenSettled } from '../../shared/first-screen';
import { Icon } from '../../shared/Icon';
import { type CityListEntry, useCityDirectory, useSelectCity } from '../city';
import { createCitySearch, type SearchTab, searchCities } from './grouping';
import { CLICK_TOLERANCE_MS, DROPDOWN_DELAY_MS } from './timing';
import './search.css';

const loadDropdown = () => import('./SearchDropdown');
const SearchDropdown = lazy(loadDropdown);

/**
 * The city search box of the shell (spec §2 "Search dropdown", §4, §5): focus or empty text shows the
 * default panel (tabs 全国 / 关注), typing shows the results, a pick or a click outside closes it.
 * Arrow keys move through the results, Enter picks, Escape closes. The panels themselves are a separate
 * chunk, fetched when the page is idle or the box is first touched.
 */
export function CitySearch() {
  const { cities, listStatus } = useCityDirectory();
  const selectCity = useSelectCity();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [tab, setTab] = useState<SearchTab>('all');
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const openTimer = useRef<number | undefined>(undefined);
  /** Focus given back to the box by Escape must not reopen the dropdown. */
  const quietFocus = useRef(false);
  const listId = useId();

  const index = useMemo(() => (cities.length === 0 ? undefined : createCitySearch(cities)), [cities]);
  const results = useMemo(
    () => (index === undefined || query.trim() === '' ? [] : searchCities(index, query)),
    [index, query],
  );
  const mode = query.trim() === '' ? 'default' : 'results';

  useEffect(() => {
    const id = window.setTimeout(() => {
      setQuery(text);
      setActive(-1);
    }, DROPDOWN_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [text]);

  useEffect(() => {
    // Warm the panels' chunk once the first screen is done (its headline painted; an idle moment
    // before that would make the chunk compete with it), so the first focus opens at once.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    void whenFirstScreenSettled().then(() => idle(() => void loadDropdown()));
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || rootRef.current?.contains(e.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => window.clearTimeout(openTimer.current), []);

  const openSoon = () => {
    void loadDropdown();
    window.clearTimeout(openTimer.current);
    openTimer.current = window.setTimeout(() => setOpen(true), DROPDOWN_DELAY_MS);
  };

  const close = () => {
    window.clearTimeout(openTimer.current);
    setOpen(false);
    setActive(-1);
  };

  const pick = (entry: CityListEntry) => {
    selectCity(entry);
    setText('');
    setQuery('');
    close();
    inputRef.current?.blur();
  };

  const onBlur = () => {
    // A click in the dropdown blurs the box first; it still counts if it lands within the tolerance.
    window.setTimeout(() => {
      if (!rootRef.current?.contains(document.activeElement)) close();
    }, CLICK_TOLERANCE_MS);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (mode !== 'results' || results.length === 0) return;
      setActive((i) => (e.key === 'ArrowDown' ? Math.min(i + 1, results.length - 1) : Math.max(i - 1, 0)));
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      // Enter right after typing must not wait for the dropdown delay.
      const current = text === query ? results : index === undefined ? [] : searchCities(index, text);
      const chosen = current[active >= 0 && text === query ? active : 0];
      if (chosen !== undefined) pick(chosen);
    }
  };

  const activeId = open && mode === 'results' && active >= 0 ? `${listId}-opt-${active}` : undefined;

  return (
    <search
      className="lt-search"
      ref={rootRef}
      onKeyDown={(e) => {
        // Escape also closes from inside the dropdown (a letter, a tab, a follow card), back to the box.
        if (e.key !== 'Escape' || e.target === inputRef.current || !open) return;
        close();
        quietFocus.current = true;
        inputRef.current?.focus({ preventScroll: true });
      }}
    >
      <label className="lt-search-box">
        <span className="lt-search-icon">
          <Icon name="search" />
        </span>
        <input
          ref={inputRef}
          type="search"
          value={text}
          placeholder="请输入城市或区县"
          aria-label="搜索城市或区县"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => {
            setText(e.target.value);
            if (!open) openSoon();
          }}
          onFocus={() => {
            if (quietFocus.current) quietFocus.current = false;
            else openSoon();
          }}
          onClick={() => {
            if (!open) openSoon();
          }}
          onPointerEnter={() => void loadDropdown()}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
      </label>
      {open && (
        <Suspense fallback={<div className="lt-search-dropdown lt-search-loading">加载中…</div>}>
          <SearchDropdown
            id={listId}
            mode={mode}
            results={results}
            active={active}
            listStatus={listStatus}
            tab={tab}
            onTab={setTab}
            onHover={setActive}
            onPick={pick}
            onClose={close}
          />
        </Suspense>
      )}
    </search>
  );
}
