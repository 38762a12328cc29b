import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** Dark text on the light level colours (优 green, 良 yellow, 轻度 orange), white on the dark ones. */
const textOn = (level: number) => (level >= 1 && level <= 3 ? '#1f2937' : '#ffffff');

/**
 * An AQI level in its HJ 633-2012 colour, filled (antd would tint a custom colour pale, and pale
 * orange and red are hard to tell apart, which is the point of the colours).
 */
export function LevelTag({
  levelName,
  color,
  level,
  children,
  className,
}: {
  levelName: string;
  color: string;
  level: number;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Tag className={className} style={{ background: color, borderColor: color, color: textOn(level) }}>
      {children ?? levelName}
    </Tag>
  );
}
