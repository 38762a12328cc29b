import { Tag } from 'antd';

/** An AQI level in its HJ 633-2012 colour; yellow (良) gets dark text to stay readable. */
export function LevelTag({ levelName, color, level }: { levelName: string; color: string; level: number }) {
  return (
    <Tag color={color} style={{ color: level === 2 || level === 1 ? '#1f2937' : '#ffffff' }}>
      {levelName}
    </Tag>
  );
}
