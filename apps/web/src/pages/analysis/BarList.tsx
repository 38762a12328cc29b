/**
 * Horizontal bars with a label and a value, for counts a chart library would be too heavy for (days
 * per level, days per pollutant). Widths are relative to the largest value.
 */
export interface BarItem {
  key: string;
  label: string;
  value: number;
  color: string;
  suffix?: string;
}

export function BarList({ items, ariaLabel }: { items: readonly BarItem[]; ariaLabel: string }) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ul className="lt-an-bars" aria-label={ariaLabel}>
      {items.map((item) => (
        <li key={item.key} className="lt-an-bar" data-key={item.key}>
          <span className="lt-an-bar-label">{item.label}</span>
          <span className="lt-an-bar-track">
            <span
              className="lt-an-bar-fill"
              style={{ width: `${(item.value / max) * 100}%`, background: item.color }}
              aria-hidden
            />
          </span>
          <span className="lt-an-bar-value">
            {item.value}
            {item.suffix ?? ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A figure with its caption: one number of an overview. */
export function Stat({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  tone?: 'good' | 'bad' | undefined;
}) {
  return (
    <div className="lt-an-stat">
      <span className="lt-an-stat-label">{label}</span>
      <strong className="lt-an-stat-value">{value}</strong>
      {note !== undefined && (
        <span className={tone === undefined ? 'lt-an-stat-note' : `lt-an-stat-note lt-an-stat-${tone}`}>{note}</span>
      )}
    </div>
  );
}
