import { Tag } from 'antd';
import type { LiveRow } from './smoke.api';
import { STATE_LOOKS, stateOf } from './smoke-charts';

const RUN = {
  on: { text: '运行', color: 'green' },
  off: { text: '停止', color: 'default' },
  unknown: { text: '未知', color: 'default' },
} as const;

/** The state of a kitchen as a coloured tag (the worst of over-limit, purifier off, running, stopped, offline). */
export function StateTag({ row }: { row: Pick<LiveRow, 'online' | 'overLimit' | 'purifierOff' | 'fanState'> }) {
  const look = STATE_LOOKS[stateOf(row)];
  return <Tag color={look.color}>{look.name}</Tag>;
}

export function RunTag({ state }: { state: 'on' | 'off' | 'unknown' }) {
  return <Tag color={RUN[state].color}>{RUN[state].text}</Tag>;
}
