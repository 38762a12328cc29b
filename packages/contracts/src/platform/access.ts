/**
 * What an operator may do on the platform (spec §6): permission codes, grouped per platform
 * (`plateformcode`), assigned to roles, roles to operators; and the menu built from them. The server
 * checks every platform route against these codes (`operator:<code>`), builds the menu from them
 * (`/portal/shortcut/getUserMenus`), and the console shows what the menu says.
 *
 * `self` is held by every signed-in operator: their own session, profile, password, shortcuts, the
 * dictionary and the area outlines.
 */

/** The platforms of spec §6's `plateformcode`, in menu order. */
export const PLATFORMS = [
  { code: 'air', name: '空气质量' },
  { code: 'lidar', name: '激光雷达' },
  { code: 'grid', name: '网格化管理' },
  { code: 'noise', name: '噪声监测' },
  { code: 'smoke', name: '油烟监测' },
  { code: 'voc', name: 'VOC 分析' },
  { code: 'ele', name: '分表计电' },
  { code: 'fire', name: '消防监测' },
  { code: 'video', name: '视频监控' },
  { code: 'water', name: '水质监测' },
  { code: 'device', name: '设备运维' },
  { code: 'report', name: '报表中心' },
  { code: 'config', name: '组态大屏' },
  { code: 'system', name: '系统管理' },
] as const;

export type PlatformCode = (typeof PLATFORMS)[number]['code'];

export interface PermissionEntry {
  code: string;
  platform: PlatformCode;
  name: string;
  /** A menu entry (opens a screen) or an action inside one. */
  kind: 'menu' | 'action';
}

/** Held implicitly by every active operator; never assigned. */
export const SELF_PERMISSION = 'self';

// biome-ignore format: one line per permission
export const PERMISSIONS = [
  { code: 'air:view', platform: 'air', name: '空气质量监测', kind: 'menu' },
  { code: 'analysis:view', platform: 'air', name: '空气质量分析（城市与站点数据、达标分析、区域均值、插值）', kind: 'menu' },
  { code: 'forecast:view', platform: 'air', name: '空气质量与天气预报（城市预报、区域级别预报、预报文字与图片）', kind: 'action' },
  { code: 'lidar:view', platform: 'lidar', name: '激光雷达', kind: 'menu' },
  { code: 'lidar:review', platform: 'lidar', name: '审核雷达热点，保存与删除走航热点、污染源，收藏走航记录', kind: 'action' },
  { code: 'lidar:edit', platform: 'lidar', name: '导入雷达数据文件，维护污染源地块', kind: 'action' },
  { code: 'grid:view', platform: 'grid', name: '网格事件', kind: 'menu' },
  { code: 'grid:edit', platform: 'grid', name: '处置网格事件（开始处置、处置完成、退回）', kind: 'action' },
  { code: 'grid:report', platform: 'grid', name: '上报网格事件、巡查', kind: 'action' },
  { code: 'grid:dispatch', platform: 'grid', name: '受理、派遣、驳回网格事件，受理投诉', kind: 'action' },
  { code: 'grid:review', platform: 'grid', name: '审核、结案网格事件，审批', kind: 'action' },
  { code: 'grid:manage', platform: 'grid', name: '网格划分与网格员管理', kind: 'action' },
  { code: 'grid:stats', platform: 'grid', name: '事件热力图与统计', kind: 'menu' },
  { code: 'grid:patrol', platform: 'grid', name: '巡查记录', kind: 'menu' },
  { code: 'complaint:view', platform: 'grid', name: '投诉中心', kind: 'menu' },
  { code: 'noise:view', platform: 'noise', name: '噪声监测', kind: 'menu' },
  { code: 'smoke:view', platform: 'smoke', name: '油烟监测', kind: 'menu' },
  { code: 'smoke:edit', platform: 'smoke', name: '登记、修改餐饮企业与净化设备，维护排放限值', kind: 'action' },
  { code: 'voc:view', platform: 'voc', name: 'VOC 分析', kind: 'menu' },
  { code: 'ele:view', platform: 'ele', name: '分表计电', kind: 'menu' },
  { code: 'ele:edit', platform: 'ele', name: '登记企业与电表，处理问题单，登记运维，下达停限产', kind: 'action' },
  { code: 'fire:view', platform: 'fire', name: '消防告警', kind: 'menu' },
  { code: 'video:view', platform: 'video', name: '视频监控', kind: 'menu' },
  { code: 'video:control', platform: 'video', name: '云台控制、登记摄像机', kind: 'action' },
  { code: 'water:view', platform: 'water', name: '水质监测', kind: 'menu' },
  { code: 'alarm:view', platform: 'device', name: '告警中心', kind: 'menu' },
  { code: 'alarm:handle', platform: 'device', name: '确认、解除告警', kind: 'action' },
  { code: 'alarm:rule', platform: 'device', name: '配置告警规则', kind: 'action' },
  { code: 'device:view', platform: 'device', name: '设备运维', kind: 'menu' },
  { code: 'device:edit', platform: 'device', name: '登记、修改、退役设备与站点，收编未登记设备', kind: 'action' },
  { code: 'device:ops', platform: 'device', name: '运维记录与无效数据标记', kind: 'action' },
  { code: 'report:view', platform: 'report', name: '报表中心', kind: 'menu' },
  { code: 'report:edit', platform: 'report', name: '编辑报告模板、上传报告图片', kind: 'action' },
  { code: 'report:generate', platform: 'report', name: '生成、修改、删除报告', kind: 'action' },
  { code: 'report:schedule', platform: 'report', name: '配置定时报告', kind: 'action' },
  { code: 'dashboard:view', platform: 'config', name: '数据大屏', kind: 'menu' },
  { code: 'dashboard:edit', platform: 'config', name: '编辑组态图、上传素材、管理组态模板', kind: 'action' },
  { code: 'dashboard:publish', platform: 'config', name: '发布组态图、获取与重置嵌入令牌', kind: 'action' },
  { code: 'dashboard:resource', platform: 'config', name: '维护系统素材', kind: 'action' },
  { code: 'system:status', platform: 'system', name: '系统状态', kind: 'menu' },
  { code: 'system:operator:view', platform: 'system', name: '运营人员', kind: 'menu' },
  { code: 'system:operator:edit', platform: 'system', name: '新增、修改、停用运营人员，重置密码', kind: 'action' },
  { code: 'system:role:view', platform: 'system', name: '角色权限', kind: 'menu' },
  { code: 'system:role:edit', platform: 'system', name: '新增、修改、删除角色', kind: 'action' },
  { code: 'system:org:view', platform: 'system', name: '组织机构', kind: 'menu' },
  { code: 'system:org:edit', platform: 'system', name: '新增、修改、删除组织机构', kind: 'action' },
  { code: 'system:dict:view', platform: 'system', name: '数据字典', kind: 'menu' },
  { code: 'system:dict:edit', platform: 'system', name: '修改数据字典', kind: 'action' },
  { code: 'system:openapi:view', platform: 'system', name: '开放接口应用', kind: 'menu' },
  { code: 'system:openapi:edit', platform: 'system', name: '登记、停用开放接口应用', kind: 'action' },
  { code: 'system:audit:view', platform: 'system', name: '审计日志', kind: 'menu' },
  { code: 'cms', platform: 'system', name: '新闻资讯：编辑、发布文章，维护栏目、标签、图集、轮播图', kind: 'menu' },
] as const satisfies readonly PermissionEntry[];

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];

export const PERMISSION_CODES: readonly PermissionCode[] = PERMISSIONS.map((p) => p.code);

export function isPermissionCode(value: string): value is PermissionCode {
  return PERMISSION_CODES.some((code) => code === value);
}

/** The console menu's groups, in order. */
export const MENU_GROUPS = [
  { key: 'monitoring', label: '环境监测' },
  { key: 'events', label: '告警与事件' },
  { key: 'reports', label: '报表与大屏' },
  { key: 'operations', label: '运维管理' },
  { key: 'admin', label: '系统管理' },
] as const;

export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

export interface MenuEntry {
  /** Stable id: the console section's key and folder name. */
  key: string;
  label: string;
  /** The address below /platform/. */
  path: string;
  group: MenuGroupKey;
  /** The permission that opens it; `self` for screens every operator has (their own notices). */
  permission: PermissionCode | typeof SELF_PERMISSION;
}

/**
 * Every screen of the platform. The server answers getUserMenus with the entries the operator's
 * permissions allow; the console draws them (an entry whose screen is not built yet shows as 即将上线).
 */
// biome-ignore format: one line per entry
export const MENU = [
  { key: 'air', label: '空气质量监测', path: 'air', group: 'monitoring', permission: 'air:view' },
  { key: 'air-analysis', label: '空气质量分析', path: 'air-analysis', group: 'monitoring', permission: 'analysis:view' },
  { key: 'lidar', label: '激光雷达', path: 'lidar', group: 'monitoring', permission: 'lidar:view' },
  { key: 'wind', label: '风场与探空', path: 'wind', group: 'monitoring', permission: 'air:view' },
  { key: 'noise', label: '噪声监测', path: 'noise', group: 'monitoring', permission: 'noise:view' },
  { key: 'smoke', label: '油烟监测', path: 'smoke', group: 'monitoring', permission: 'smoke:view' },
  { key: 'voc', label: 'VOC 分析', path: 'voc', group: 'monitoring', permission: 'voc:view' },
  { key: 'ele', label: '分表计电', path: 'ele', group: 'monitoring', permission: 'ele:view' },
  { key: 'fire', label: '消防告警', path: 'fire', group: 'monitoring', permission: 'fire:view' },
  { key: 'video', label: '视频监控', path: 'video', group: 'monitoring', permission: 'video:view' },
  { key: 'water', label: '水质监测', path: 'water', group: 'monitoring', permission: 'water:view' },
  { key: 'alarms', label: '告警中心', path: 'alarms', group: 'events', permission: 'alarm:view' },
  { key: 'notices', label: '消息通知', path: 'notices', group: 'events', permission: 'self' },
  { key: 'grid-events', label: '网格事件', path: 'grid-events', group: 'events', permission: 'grid:view' },
  { key: 'tasks', label: '任务中心', path: 'tasks', group: 'events', permission: 'self' },
  { key: 'approvals', label: '审批中心', path: 'approvals', group: 'events', permission: 'grid:review' },
  { key: 'complaints', label: '投诉中心', path: 'complaints', group: 'events', permission: 'complaint:view' },
  { key: 'patrols', label: '巡查记录', path: 'patrols', group: 'events', permission: 'grid:patrol' },
  { key: 'incidents', label: '事件热力与统计', path: 'incidents', group: 'events', permission: 'grid:stats' },
  { key: 'grids', label: '网格划分', path: 'grids', group: 'events', permission: 'grid:view' },
  { key: 'reports', label: '报表中心', path: 'reports', group: 'reports', permission: 'report:view' },
  { key: 'dashboards', label: '数据大屏', path: 'dashboards', group: 'reports', permission: 'dashboard:view' },
  { key: 'devices', label: '设备运维', path: 'devices', group: 'operations', permission: 'device:view' },
  { key: 'system', label: '系统状态', path: 'system', group: 'operations', permission: 'system:status' },
  { key: 'operators', label: '运营人员', path: 'operators', group: 'admin', permission: 'system:operator:view' },
  { key: 'roles', label: '角色权限', path: 'roles', group: 'admin', permission: 'system:role:view' },
  { key: 'orgs', label: '组织机构', path: 'orgs', group: 'admin', permission: 'system:org:view' },
  { key: 'dictionary', label: '数据字典', path: 'dictionary', group: 'admin', permission: 'system:dict:view' },
  { key: 'open-apps', label: '开放接口', path: 'open-apps', group: 'admin', permission: 'system:openapi:view' },
  { key: 'audit', label: '审计日志', path: 'audit', group: 'admin', permission: 'system:audit:view' },
  { key: 'news', label: '新闻资讯', path: 'news', group: 'operations', permission: 'cms' },
] as const satisfies readonly MenuEntry[];

export type MenuKey = (typeof MENU)[number]['key'];

/**
 * The field app's navigation (/zhhb/center/patrolNavigation, the console's /platform/m/* tabs): what a
 * grid member or patroller opens on the phone, each behind the permission its calls need.
 */
// biome-ignore format: one line per entry
export const PATROL_NAVIGATION = [
  { key: 'tasks', label: '我的任务', path: 'm/tasks', permission: 'grid:view' },
  { key: 'report', label: '上报事件', path: 'm/report', permission: 'grid:report' },
  { key: 'patrol', label: '巡查', path: 'm/patrol', permission: 'grid:report' },
] as const satisfies readonly { key: string; label: string; path: string; permission: PermissionCode }[];

/** The field app's entries an operator holding `permissions` may open, in order. */
export function patrolNavigationFor(permissions: Iterable<string>) {
  const held = new Set(permissions);
  return PATROL_NAVIGATION.filter((entry) => held.has(entry.permission));
}

/** The menu an operator holding `permissions` sees, in menu order. */
export function menuFor(permissions: readonly string[]): MenuEntry[] {
  const held = new Set(permissions);
  return MENU.filter((entry) => held.has(entry.permission));
}

/**
 * Operator passwords (stricter than the public site's: these accounts reach other people's data).
 * The sign-in form shows these rules and both sides check them with {@link operatorPasswordProblem}.
 */
export const OPERATOR_PASSWORD_RULES = {
  minLength: 8,
  maxLength: 32,
  /** Of: lower-case letters, upper-case letters, digits, other characters. */
  minClasses: 3,
  text: '8–32 位，至少包含大写字母、小写字母、数字、符号中的三类，且不能与用户名相同',
} as const;

/** What is wrong with a new operator password, in Chinese, or null when it is acceptable. */
export function operatorPasswordProblem(password: string, username: string): string | null {
  const { minLength, maxLength, minClasses } = OPERATOR_PASSWORD_RULES;
  if (password.length < minLength) return `密码不能少于${minLength}位`;
  if (password.length > maxLength) return `密码不能超过${maxLength}位`;
  if (/\s/.test(password)) return '密码不能包含空格';
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((r) => r.test(password)).length;
  if (classes < minClasses) return '密码需包含大写字母、小写字母、数字、符号中的至少三类';
  if (password.toLowerCase() === username.toLowerCase()) return '密码不能与用户名相同';
  return null;
}

/** A username: 3–32 letters, digits, `_`, `.`, `-`, starting with a letter. */
export const OPERATOR_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{2,31}$/;

/** Cookies of the platform session (separate from the public site's). */
export const PLATFORM_COOKIES = {
  /** HttpOnly: the session token. */
  token: 'Platform-Token',
  /** Readable companion: "1" while a session is believed open, so the console's poll can notice a sign-out. */
  signedIn: 'platformSignedIn',
  /** Spec §3 session state, kept readable for old pages: the operator's user type and extras. */
  userType: 'userType',
  userTypeAqidata: 'userTypeAqidata',
  lidarPermission: 'lidarPermission',
} as const;
