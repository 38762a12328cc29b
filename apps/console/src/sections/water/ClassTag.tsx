/** A water class as a coloured chip (Ⅰ–Ⅱ blue, Ⅲ green, Ⅳ yellow, Ⅴ orange, 劣Ⅴ red; no data grey). */
export function ClassTag({ name, color }: { name: string | null; color: string | null }) {
  if (name === null) return <span className="lt-muted">不参评</span>;
  return (
    <span className="lt-water-class" style={{ background: color ?? '#bfbfbf' }}>
      {name}
    </span>
  );
}
