import { Cascader } from 'antd';
import { type AreaOption, areaPath, chosenArea, matchesArea } from './areas';
import { useAreaOptions } from './lookups';

interface Props {
  /** The chosen area's code. */
  value?: string;
  onChange?: (code: string | undefined) => void;
  placeholder?: string;
  className?: string;
  allowClear?: boolean;
  'aria-label'?: string;
}

/** Picks an administrative area of the operator's area, any level, by its code (search by name or code). */
export function AreaCascader({
  value,
  onChange,
  placeholder = '行政区划',
  className,
  allowClear = true,
  ...rest
}: Props) {
  const areas = useAreaOptions();
  const path = areaPath(areas.options, value) ?? (value === undefined ? undefined : [value]);
  return (
    <Cascader<AreaOption>
      options={areas.options}
      loading={areas.loading}
      value={path}
      onChange={(next) => onChange?.(chosenArea(next as (string | number)[] | undefined))}
      changeOnSelect
      allowClear={allowClear}
      showSearch={{ filter: (input, p) => matchesArea(input, p), limit: 50 }}
      placeholder={placeholder}
      notFoundContent={areas.loading ? '正在加载行政区划…' : '没有匹配的行政区划'}
      className={className}
      aria-label={rest['aria-label']}
    />
  );
}
