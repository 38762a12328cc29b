import { Tag } from 'antd';
import { alarmLevelLook } from './levels';

/** An alarm level as a solid tag in its warning colour (一级 red … 四级 blue). */
export function AlarmLevelTag({ level, full = false }: { level: number | null; full?: boolean }) {
  const look = alarmLevelLook(level);
  return (
    <Tag variant="solid" color={look.color} style={{ color: look.ink }} aria-label={`告警级别：${look.fullName}`}>
      {full ? look.fullName : look.name}
    </Tag>
  );
}
