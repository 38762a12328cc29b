import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  BookOutlined,
  BorderOutlined,
  CarryOutOutlined,
  CloudOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  CommentOutlined,
  CompassOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FireOutlined,
  FundProjectionScreenOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  RadarChartOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SoundOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { MENU, type MenuEntry, type MenuKey } from '@lantian/contracts';
import type { ComponentType } from 'react';

/**
 * The console's sections. What a section is (label, address, menu group, the permission it needs)
 * is its entry in MENU (packages/contracts), which the server also reads to build each operator's
 * menu. What the console adds is here, one line per section: its icon and, once its screens are
 * built, `load` — the section's folder under src/sections/, whose index.tsx default-exports the
 * page (it owns every address below its path). A MENU entry without `load` shows as 即将上线.
 *
 * A new platform module therefore adds: its MENU entry, its folder here, and its line below.
 */

export interface SectionParts {
  icon: ComponentType;
  /** The section's own chunk, fetched the first time it is opened. */
  load?: () => Promise<{ default: ComponentType }>;
}

// biome-ignore format: one line per section, so that adding one is a one-line change
export const SECTION_PARTS: Record<MenuKey, SectionParts> = {
  'air': { icon: CloudOutlined },
  'air-analysis': { icon: LineChartOutlined, load: () => import('../sections/air-analysis') },
  'lidar': { icon: RadarChartOutlined, load: () => import('../sections/lidar') },
  'wind': { icon: CompassOutlined, load: () => import('../sections/wind') },
  'noise': { icon: SoundOutlined },
  'smoke': { icon: FireOutlined, load: () => import('../sections/smoke') },
  'voc': { icon: ExperimentOutlined, load: () => import('../sections/voc') },
  'ele': { icon: ThunderboltOutlined, load: () => import('../sections/ele') },
  'fire': { icon: AlertOutlined, load: () => import('../sections/fire') },
  'video': { icon: VideoCameraOutlined, load: () => import('../sections/video') },
  'water': { icon: ExperimentOutlined, load: () => import('../sections/water') },
  'alarms': { icon: AlertOutlined, load: () => import('../sections/alarms') },
  'notices': { icon: NotificationOutlined, load: () => import('../sections/notices') },
  'grid-events': { icon: ApartmentOutlined, load: () => import('../sections/grid-events') },
  'tasks': { icon: CarryOutOutlined, load: () => import('../sections/tasks') },
  'approvals': { icon: AuditOutlined, load: () => import('../sections/approvals') },
  'complaints': { icon: CommentOutlined, load: () => import('../sections/complaints') },
  'patrols': { icon: NodeIndexOutlined, load: () => import('../sections/patrols') },
  'incidents': { icon: HeatMapOutlined, load: () => import('../sections/incidents') },
  'grids': { icon: BorderOutlined, load: () => import('../sections/grids') },
  'reports': { icon: FileTextOutlined, load: () => import('../sections/reports') },
  'dashboards': { icon: FundProjectionScreenOutlined, load: () => import('../sections/dashboards') },
  'devices': { icon: ToolOutlined, load: () => import('../sections/devices') },
  'system': { icon: CloudServerOutlined, load: () => import('../sections/system') },
  'operators': { icon: TeamOutlined, load: () => import('../sections/operators') },
  'roles': { icon: SafetyCertificateOutlined, load: () => import('../sections/roles') },
  'orgs': { icon: ClusterOutlined, load: () => import('../sections/orgs') },
  'dictionary': { icon: BookOutlined, load: () => import('../sections/dictionary') },
  'open-apps': { icon: ApiOutlined, load: () => import('../sections/open-apps') },
  'audit': { icon: AuditOutlined, load: () => import('../sections/audit') },
  'news': { icon: ReadOutlined, load: () => import('../sections/news') },
};

export type Section = MenuEntry & SectionParts;

/** Every section, in menu order. */
export const SECTIONS: readonly Section[] = MENU.map((entry) => ({ ...entry, ...SECTION_PARTS[entry.key] }));
