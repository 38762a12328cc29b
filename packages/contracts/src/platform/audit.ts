import { z } from 'zod';
import { envelope } from '../envelope';
import { pageOf, pageQuery, sortOrder } from './paging';

/**
 * The audit log: every sign-in (success and failure), permission change, operator change, open-API
 * application change and every platform write, with who, when, from where, what, before → after.
 * Append-only: the application has no call that changes or deletes an entry.
 */

// biome-ignore format: one line per action
export const AUDIT_ACTIONS = {
  'session.signin': '登录',
  'session.signin_failed': '登录失败',
  'session.signout': '退出登录',
  'session.password_changed': '修改密码',
  'operator.create': '新增运营人员',
  'operator.update': '修改运营人员',
  'operator.disable': '停用运营人员',
  'operator.enable': '启用运营人员',
  'operator.reset_password': '重置密码',
  'role.create': '新增角色',
  'role.update': '修改角色',
  'role.delete': '删除角色',
  'org.create': '新增组织',
  'org.update': '修改组织',
  'org.delete': '删除组织',
  'dict.type_save': '保存字典类型',
  'dict.type_delete': '删除字典类型',
  'dict.item_save': '保存字典项',
  'dict.item_delete': '删除字典项',
  'shortcut.save': '保存快捷方式',
  'shortcut.delete': '删除快捷方式',
  'shortcut.batch_save': '批量保存菜单快捷方式',
  'openapp.create': '登记开放接口应用',
  'openapp.update': '修改开放接口应用',
  'openapp.revoke': '停用开放接口应用',
  'openapp.rotate': '更换应用密钥',
  'openapp.token': '签发开放接口令牌',
  'openapp.token_refused': '拒绝签发开放接口令牌',
  'openapp.denied': '拒绝开放接口调用',
  'site.create': '新增站点',
  'site.update': '修改站点',
  'device.create': '登记设备',
  'device.update': '修改设备',
  'device.retire': '退役设备',
  'device.adopt': '收编未登记设备',
  'device.invalidate_data': '标记无效数据',
  'device.operation_record': '保存运维记录',
  'alarm_rule.create': '新增告警规则',
  'alarm_rule.update': '修改告警规则',
  'alarm_rule.delete': '删除告警规则',
  'alarm.raise': '产生告警',
  'alarm.acknowledge': '确认告警',
  'alarm.clear': '解除告警',
  'grid.create': '新增网格',
  'grid.update': '修改网格',
  'grid.delete': '删除网格',
  'grid.import': '导入网格边界',
  'grid.member_save': '设置网格员',
  'grid.member_remove': '移除网格员',
  'event.report': '上报事件',
  'event.transition': '事件流转',
  'event.attach': '添加事件附件',
  'patrol.start': '开始巡查',
  'patrol.finish': '结束巡查',
  'complaint.receive': '登记投诉',
  'complaint.convert': '投诉转事件',
  'complaint.close': '办结投诉',
  'task.create': '下达任务',
  'task.complete': '完成任务',
  'approval.decide': '审批',
  'lidar.hotspot_review': '审核雷达热点',
  'lidar.hotspot_photo': '上传雷达热点照片',
  'lidar.auto_hot_save': '保存走航热点',
  'lidar.auto_hot_delete': '删除走航热点',
  'lidar.record_collect': '收藏走航记录',
  'lidar.record_delete': '删除走航记录',
  'lidar.polluter_save': '保存污染源',
  'lidar.polluter_delete': '删除污染源',
  'lidar.import': '导入雷达数据文件',
  'report_template.create': '新增报告模板',
  'report_template.update': '修改报告模板',
  'report_template.delete': '删除报告模板（移入回收站）',
  'report_template.restore': '从回收站恢复报告模板',
  'report_image.upload': '上传报告图片',
  'report_record.generate': '生成报告',
  'report_record.update': '修改报告',
  'report_record.delete': '删除报告',
  'report_schedule.create': '新增定时报告',
  'report_schedule.update': '修改定时报告',
  'report_schedule.delete': '删除定时报告',
  'config.create': '新增组态图',
  'config.update': '修改组态图',
  'config.delete': '删除组态图',
  'config.publish': '发布组态图',
  'config.unpublish': '停止发布组态图（令牌作废）',
  'config.token_reset': '重置组态图嵌入令牌',
  'config_resource.upload': '上传组态素材',
  'config_resource.delete': '删除组态素材',
  'config_template_type.save': '保存组态模板分类',
  'config_template_type.delete': '删除组态模板分类',
  'config_template.save': '保存组态模板',
  'config_template.delete': '删除组态模板',
  'cms_article.create': '新增新闻文章',
  'cms_article.update': '修改新闻文章',
  'cms_article.status': '发布、定时或撤回新闻文章',
  'cms_article.delete': '删除新闻文章',
  'cms_category.save': '保存新闻栏目',
  'cms_category.delete': '删除新闻栏目',
  'cms_tag.save': '保存新闻标签',
  'cms_tag.delete': '删除新闻标签',
  'cms_album.save': '保存图集',
  'cms_album.delete': '删除图集',
  'cms_picture.add': '向图集添加图片',
  'cms_picture.delete': '从图集删除图片',
  'cms_banner.save': '保存轮播图',
  'cms_banner.delete': '删除轮播图',
  'cms_image.upload': '上传新闻图片',
  'fire.alarm_handle': '处理消防告警（确认或解除并填写结论）',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export const auditOutcome = z.enum(['success', 'failure']);

export const auditRow = z.object({
  id: z.string(),
  at: z.string().describe('时间（北京时间）'),
  actorId: z.string().nullable(),
  actor: z.string().describe('操作者：用户名、开放接口应用，或 system（命令行）'),
  ip: z.string().nullable(),
  action: z.string(),
  actionName: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  outcome: auditOutcome,
  detail: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

const chinaTimeText = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, '格式应为 YYYY-MM-DD HH:mm:ss');

export const auditListQuery = pageQuery.extend({
  actor: z.string().trim().max(64, '过长').optional().describe('操作者用户名'),
  action: z.string().trim().max(64, '过长').optional(),
  targetType: z.string().trim().max(32, '过长').optional(),
  outcome: auditOutcome.optional(),
  startTime: chinaTimeText.optional(),
  endTime: chinaTimeText.optional(),
  sortOrder: sortOrder.optional().describe('按时间排序，默认 descend（最新在前）'),
});

export const auditListResponse = envelope(pageOf(auditRow));

export type AuditRow = z.infer<typeof auditRow>;
