import { Select } from 'antd';

/** The labelled city picker of the city tabs (城市分析, 达标分析), over useCity's cities. */
export function CitySelect({
  cities,
  city,
  setCity,
}: {
  cities: { value: string; label: string }[];
  city: string | undefined;
  setCity: (code: string) => void;
}) {
  return (
    <>
      <span>城市</span>
      <Select
        aria-label="城市"
        showSearch
        optionFilterProp="label"
        style={{ width: 200 }}
        options={cities}
        value={city}
        onChange={setCity}
      />
    </>
  );
}
