import { useId } from 'react';
import './segmented.css';

export interface SegmentedOption<T extends string> {
  label: string;
  value: T;
}

/**
 * A small switch between a few values (native radio buttons, so arrow keys and screen readers work as
 * usual), shaped like antd's small Segmented. Own code so the city page needs no antd: its CSS-in-JS
 * runtime is what made the page slow to start.
 */
export function Segmented<T extends string>({
  value,
  options,
  onChange,
  'aria-label': label,
}: {
  value: T;
  options: readonly SegmentedOption<NoInfer<T>>[];
  onChange(value: NoInfer<T>): void;
  'aria-label': string;
}) {
  const name = useId();
  return (
    <fieldset className="lt-segmented">
      <legend className="lt-visually-hidden">{label}</legend>
      {options.map((o) => {
        const checked = o.value === value;
        return (
          <label
            key={o.value}
            className={checked ? 'lt-segmented-item lt-segmented-item-selected' : 'lt-segmented-item'}
          >
            <input
              type="radio"
              className="lt-segmented-input"
              name={name}
              value={o.value}
              checked={checked}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        );
      })}
    </fieldset>
  );
}
