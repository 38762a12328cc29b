import { z } from 'zod';
import { envelope } from '../envelope';
import { OPERATOR_USERNAME_PATTERN, operatorPasswordProblem, PLATFORMS } from './access';
import { pageOf, pageQuery, sortOrder } from './paging';

/**
 * Operators and their sessions (spec §7 "Platform session", §6), and the administration of operators,
 * roles and organisations. Platform calls authenticate with the HttpOnly `Platform-Token` cookie (the
 * console) or the token in `Authorization: Bearer …` / `Authentication-Token` (other clients).
 * Writes take JSON bodies; the spec's own form posts (`POST /zhhb`, `modifyPwd`) take either.
 */

/** Ids of platform rows: server-made, opaque. */
export const platformId = z
  .string()
  .regex(/^[0-9a-z]{8,40}$/, '不是有效的编号')
  .describe('编号');

const text = (max: number, what: string) =>
  z.string().trim().min(1, `${what}不能为空`).max(max, `${what}不能超过 ${max} 个字符`);

// --- Session -----------------------------------------------------------------------------------

export const platformCaptchaResponse = envelope(
  z.object({
    uuid: z.string().describe('验证码编号，登录时原样提交'),
    img: z.string().describe('base64 编码的 JPEG 图片（不含 data: 前缀）'),
  }),
);

export const signInBody = z.object({
  username: text(64, '用户名'),
  password: z.string().min(1, '密码不能为空').max(128, '密码过长'),
  validateCode: text(8, '验证码'),
  uuid: text(64, '验证码编号'),
});

export const orgRef = z.object({
  id: platformId,
  name: z.string(),
  areaCode: z.string().describe('所辖行政区划代码（GB/T 2260），数据范围为该区域及其下级'),
  areaName: z.string(),
});

export const roleRef = z.object({ id: platformId, name: z.string() });

export const operatorProfile = z.object({
  id: platformId,
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  userType: z.string().describe('spec §3 会话状态 userType'),
  userTypeAqidata: z.string().describe('spec §3 会话状态 userTypeAqidata'),
  lidarPermission: z.string().nullable().describe('spec §3 会话状态 lidarPermission（有激光雷达权限时）'),
  org: orgRef,
  roles: z.array(roleRef),
  permissions: z.array(z.string()).describe('权限代码（含所有人都有的 self）'),
  mustChangePassword: z.boolean().describe('管理员重置过密码或首次登录：改密码前不能使用其他功能'),
  lastLoginAt: z.string().nullable(),
});

export const sessionTime = z.object({
  idleMinutes: z.number().int().describe('空闲多久会话结束'),
  expiresAt: z.string().describe('无操作时会话结束的时间（北京时间）'),
  absoluteExpiresAt: z.string().describe('无论是否操作，会话最晚结束的时间'),
  remainingSeconds: z.number().int().describe('距会话结束的秒数'),
});

export const signInResponse = envelope(
  z.object({
    token: z
      .string()
      .optional()
      .describe('会话令牌，供非浏览器客户端使用；浏览器的请求（带 Sec-Fetch-* 头）不回显，令牌只在 HttpOnly Cookie 中'),
    operator: operatorProfile,
    session: sessionTime,
  }),
);

export const currentUserResponse = envelope(operatorProfile);
export const sessionTimeResponse = envelope(sessionTime);

export const refreshQuery = z.object({
  loginCode: z.string().max(64, '过长').optional().describe('发起续期的页面或客户端标识'),
});

export const sessionStatusResponse = envelope(
  z.object({
    signedIn: z.literal(true),
    username: z.string(),
    mustChangePassword: z.boolean(),
    session: sessionTime,
  }),
);

export const plateformCode = z.string().refine((v) => PLATFORMS.some((p) => p.code === v), '未知的平台代码');

export const permissionsQuery = z.object({
  plateformcode: plateformCode.optional().describe('平台代码；不填为全部平台'),
});

export const permissionsResponse = envelope(
  z.object({
    plateformcode: z.string().nullable(),
    permissions: z.array(z.string()),
  }),
);

export const configureResponse = envelope(
  z.object({
    title: z.string(),
    platforms: z.array(z.object({ code: z.string(), name: z.string() })),
    passwordRules: z.string(),
    sessionIdleMinutes: z.number().int(),
    /** How often the console asks whether its session still stands. */
    pollSeconds: z.number().int(),
  }),
);

export const todoNumResponse = envelope(
  z.object({
    todo: z.number().int().describe('待办数（告警、事件、审批等模块的待处理事项）'),
    notices: z.number().int().describe('未读通知数'),
    total: z.number().int(),
  }),
);

export const modifyPasswordBody = z
  .object({
    oldPassword: z.string().min(1, '原密码不能为空').max(128, '密码过长'),
    newPassword: z.string().min(1, '新密码不能为空').max(128, '密码过长'),
    confirmPassword: z.string().min(1, '请再次输入新密码').max(128, '密码过长'),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: '两次输入的密码不一致', path: ['confirmPassword'] })
  .refine((b) => b.newPassword !== b.oldPassword, { message: '新密码不能与原密码相同', path: ['newPassword'] });

export const emptyPlatformResponse = envelope(z.null());

// --- Operators ---------------------------------------------------------------------------------

export const operatorStatus = z.enum(['active', 'disabled']);

export const operatorRow = z.object({
  id: platformId,
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: operatorStatus,
  org: orgRef,
  roles: z.array(roleRef),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

export const operatorListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64, '过长').optional().describe('用户名或姓名中的文字'),
  orgId: platformId.optional().describe('只看该组织及其下级'),
  status: operatorStatus.optional(),
  sortBy: z.enum(['username', 'name', 'createdAt', 'lastLoginAt']).optional(),
  sortOrder: sortOrder.optional(),
});

export const operatorListResponse = envelope(pageOf(operatorRow));

/**
 * Pickers of other screens (assigning a task, naming a grid member): active operators of the caller's
 * area by name, for callers who assign work (grid:dispatch, grid:manage) without administering operators.
 */
export const operatorOptionsQuery = z.object({
  keyword: z.string().trim().max(64, '过长').optional().describe('用户名或姓名中的文字'),
  pageSize: z.coerce.number().int().min(1).max(50, '最多 50 行').default(20),
});
export const operatorOption = z.object({ id: platformId, username: z.string(), name: z.string(), org: orgRef });
export const operatorOptionsResponse = envelope(z.object({ list: z.array(operatorOption) }));

const username = z.string().trim().regex(OPERATOR_USERNAME_PATTERN, '用户名为 3–32 位字母、数字、_ . -，以字母开头');
const phone = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号')
  .nullable()
  .optional();
const roleIds = z.array(platformId).max(20, '最多 20 个角色');

export const operatorCreateBody = z
  .object({
    username,
    name: text(32, '姓名'),
    password: z.string(),
    orgId: platformId,
    roleIds,
    phone,
  })
  .superRefine((b, ctx) => {
    const problem = operatorPasswordProblem(b.password, b.username);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });

export const operatorUpdateBody = z.object({
  id: platformId,
  name: text(32, '姓名'),
  orgId: platformId,
  roleIds,
  phone,
});

export const idBody = z.object({ id: platformId });

/** An administrator's new password for an operator: the operator must change it at the next sign-in. */
export const resetPasswordBody = z.object({ id: platformId, password: z.string().min(1).max(128) });

export const operatorResponse = envelope(operatorRow);

// --- Roles ---------------------------------------------------------------------------------------

export const roleRow = z.object({
  id: platformId,
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  operatorCount: z.number().int(),
  builtin: z.boolean().describe('内置角色（超级管理员）不能修改或删除'),
  updatedAt: z.string(),
});

export const roleListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64, '过长').optional(),
});

export const roleListResponse = envelope(pageOf(roleRow));

export const roleSaveBody = z.object({
  name: text(32, '角色名称'),
  description: z.string().trim().max(200, '说明不能超过 200 个字符').default(''),
  permissions: z.array(z.string().max(64)).max(200),
});

export const roleUpdateBody = roleSaveBody.extend({ id: platformId });

/** Every role by name, for the operator form's choice (all of them: an administrator picks from a short list). */
export const roleOptionsResponse = envelope(z.array(roleRef.extend({ builtin: z.boolean() })));
export const roleResponse = envelope(roleRow);

export const permissionCatalogResponse = envelope(
  z.object({
    platforms: z.array(z.object({ code: z.string(), name: z.string() })),
    permissions: z.array(
      z.object({ code: z.string(), platform: z.string(), name: z.string(), kind: z.enum(['menu', 'action']) }),
    ),
  }),
);

// --- Organisations -------------------------------------------------------------------------------

export interface OrgNode {
  id: string;
  parentId: string | null;
  name: string;
  areaCode: string;
  areaName: string;
  operatorCount: number;
  children: OrgNode[];
}

/** Recursive: named (`id`) so that the OpenAPI document can refer to it as a component. */
export const orgNode: z.ZodType<OrgNode> = z
  .lazy(() =>
    z.object({
      id: platformId,
      parentId: platformId.nullable(),
      name: z.string(),
      areaCode: z.string(),
      areaName: z.string(),
      operatorCount: z.number().int(),
      children: z.array(orgNode),
    }),
  )
  .meta({ id: 'OrgNode' });

export const orgTreeResponse = envelope(z.array(orgNode));

export const orgSaveBody = z.object({
  parentId: platformId,
  name: text(64, '组织名称'),
  areaCode: z.string().regex(/^\d{6}$/, '应为 6 位区划代码'),
});

export const orgUpdateBody = z.object({
  id: platformId,
  name: text(64, '组织名称'),
  areaCode: z.string().regex(/^\d{6}$/, '应为 6 位区划代码'),
});

export const orgResponse = envelope(orgNode);

export type OperatorProfile = z.infer<typeof operatorProfile>;
export type OperatorRow = z.infer<typeof operatorRow>;
export type RoleRow = z.infer<typeof roleRow>;
export type SessionTime = z.infer<typeof sessionTime>;
export type OperatorCreateBody = z.infer<typeof operatorCreateBody>;
export type OperatorUpdateBody = z.infer<typeof operatorUpdateBody>;
export type RoleSaveBody = z.infer<typeof roleSaveBody>;
