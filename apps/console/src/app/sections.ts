import {
  AlertOutlined,
  ApartmentOutlined,
  CloudOutlined,
  CloudServerOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FireOutlined,
  FundProjectionScreenOutlined,
  RadarChartOutlined,
  SoundOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The operator platform's sections: the menu and the routes are built from this list and nothing else.
 * A new section is one folder under src/sections/ (its index.tsx default-exports the page) and one
 * entry here; an entry with `planned: true` and no `load` shows in the menu as disabled, "即将上线".
 *
 * `permission` is what the section's server calls will require (`operator:<permission>` on the
 * server, GUIDE §9). It is NOT checked yet: operator sign-in arrives with the next issue, and then the
 * menu hides, and the router refuses, what the signed-in operator may not use. Until then every built
 * section is open to whoever reaches /platform/.
 */

/** The menu's groups, in menu order. */
export const SECTION_GROUPS = [
  { key: 'monitoring', label: '环境监测' },
  { key: 'events', label: '告警与事件' },
  { key: 'reports', label: '报表与大屏' },
  { key: 'operations', label: '运维管理' },
] as const;

export type SectionGroupKey = (typeof SECTION_GROUPS)[number]['key'];

interface SectionBase {
  /** Stable id: the menu key, and the section's folder name. */
  key: string;
  /** The menu label, in Chinese. */
  label: string;
  icon: ComponentType;
  /** The address below /platform/, one segment ('system' is /platform/system); the section owns what follows. */
  path: string;
  group: SectionGroupKey;
  permission: string;
}

export interface BuiltSection extends SectionBase {
  /** The section's own chunk, fetched the first time it is opened. */
  load: () => Promise<{ default: ComponentType }>;
  planned?: never;
}

export interface PlannedSection extends SectionBase {
  planned: true;
  load?: never;
}

export type Section = BuiltSection | PlannedSection;

// biome-ignore format: one line per section, so that adding one is a one-line change
export const SECTIONS: readonly Section[] = [
  { key: 'air', label: '空气质量监测', icon: CloudOutlined, path: 'air', group: 'monitoring', permission: 'air:view', planned: true },
  { key: 'lidar', label: '激光雷达', icon: RadarChartOutlined, path: 'lidar', group: 'monitoring', permission: 'lidar:view', planned: true },
  { key: 'noise', label: '噪声监测', icon: SoundOutlined, path: 'noise', group: 'monitoring', permission: 'noise:view', planned: true },
  { key: 'smoke', label: '油烟监测', icon: FireOutlined, path: 'smoke', group: 'monitoring', permission: 'smoke:view', planned: true },
  { key: 'voc', label: 'VOC 分析', icon: ExperimentOutlined, path: 'voc', group: 'monitoring', permission: 'voc:view', planned: true },
  { key: 'alarms', label: '告警中心', icon: AlertOutlined, path: 'alarms', group: 'events', permission: 'alarm:view', planned: true },
  { key: 'grid-events', label: '网格事件', icon: ApartmentOutlined, path: 'grid-events', group: 'events', permission: 'event:view', planned: true },
  { key: 'reports', label: '报表中心', icon: FileTextOutlined, path: 'reports', group: 'reports', permission: 'report:view', planned: true },
  { key: 'dashboards', label: '数据大屏', icon: FundProjectionScreenOutlined, path: 'dashboards', group: 'reports', permission: 'dashboard:view', planned: true },
  { key: 'devices', label: '设备运维', icon: ToolOutlined, path: 'devices', group: 'operations', permission: 'device:view', planned: true },
  { key: 'system', label: '系统状态', icon: CloudServerOutlined, path: 'system', group: 'operations', permission: 'system:view', load: () => import('../sections/system') },
];
