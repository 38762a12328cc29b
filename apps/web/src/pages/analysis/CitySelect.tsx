import type { CityListEntry } from '@lantian/contracts';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useCityDirectory } from '../../modules/city';

/**
 * A searchable pick of cities (prefecture level and the municipalities; districts are not analysed),
 * matching the name, full pinyin, initials and aliases as the header search does. Values are pinyin
 * names, the form the addresses use.
 */
function useCityOptions() {
  const { cities } = useCityDirectory();
  return useMemo(
    () =>
      cities
        .filter((c: CityListEntry) => c.areaType === 3)
        .map((c) => ({
          value: c.pyName,
          label: c.areaName,
          search: `${c.areaName} ${c.pinyin} ${c.initials} ${c.aliases.join(' ')} ${c.areaCode}`.toLowerCase(),
        })),
    [cities],
  );
}

const filterOption = (input: string, option?: { search: string }) =>
  option?.search.includes(input.trim().toLowerCase()) === true;

export function CitySelect({
  value,
  onChange,
  ariaLabel,
  style,
}: {
  value: string | undefined;
  onChange(pyName: string): void;
  ariaLabel: string;
  style?: React.CSSProperties;
}) {
  const options = useCityOptions();
  return (
    <Select
      showSearch={{ filterOption }}
      aria-label={ariaLabel}
      placeholder="选择城市"
      value={value}
      options={options}
      onChange={onChange}
      style={{ minWidth: 140, ...style }}
      notFoundContent="没有匹配的城市"
    />
  );
}

export function CitiesSelect({
  value,
  onChange,
  max,
  ariaLabel,
}: {
  value: readonly string[];
  onChange(pyNames: string[]): void;
  max: number;
  ariaLabel: string;
}) {
  const options = useCityOptions();
  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption }}
      aria-label={ariaLabel}
      placeholder={`最多 ${max} 个城市`}
      value={[...value]}
      options={options}
      maxCount={max}
      onChange={onChange}
      style={{ minWidth: 220, width: '100%' }}
      notFoundContent="没有匹配的城市"
    />
  );
}
