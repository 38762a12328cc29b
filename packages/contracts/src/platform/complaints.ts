import { z } from 'zod';
import { PHONE_PATTERN } from '../accounts';
import { chinaDateTime } from '../air';
import { envelope } from '../envelope';
import { eventPriority, eventState } from './events';
import { pageOf, pageQuery } from './paging';

/**
 * Complaints (issue 15; spec §3 Complaint: id, type, status; §7 "notices, alarms, complaints"): from the
 * public site's form (`/api/complaint/*`, signed and form-encoded like every public call, with the image
 * captcha of `/api/user/getCaptchaImage`), and registered by operators from calls. An operator converts
 * one into a grid event, or answers it (closed / rejected); the citizen follows it with the tracking
 * number and the last four digits of the phone given.
 */

export const COMPLAINT_STATUSES = {
  received: '待受理',
  accepted: '已受理',
  converted: '已转事件',
  closed: '已办结',
  rejected: '不予受理',
} as const;
export const complaintStatus = z.enum(['received', 'accepted', 'converted', 'closed', 'rejected']);
export type ComplaintStatus = z.infer<typeof complaintStatus>;

export const COMPLAINT_SOURCES = { public: '网站投诉', operator: '窗口登记', hotline: '热线电话' } as const;
export const complaintSource = z.enum(['public', 'operator', 'hotline']);

/** The tracking number: TS + the China date it was received + the id (at least 5 digits). */
export const COMPLAINT_NO = /^TS(\d{8})(\d{5,12})$/;

/** A form field the web client sends empty when not filled in: '' is "not given". */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const complaintId = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,11}$/, '不是有效的投诉编号')
  .describe('投诉编号（id）');
const complaintIdValue = z.union([z.number().int().positive().max(999_999_999_999), complaintId]).transform(String);

const catalogCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, '不是有效的投诉类别')
  .describe('投诉类别（type，数据字典 eventCatalog 的值）');

const mobile = z.string().trim().regex(PHONE_PATTERN, '请输入正确的手机号').describe('联系电话：大陆手机号（选填）');

const longitude = z.coerce.number('经度应为数字').min(73, '经度超出中国范围').max(136, '经度超出中国范围');
const latitude = z.coerce.number('纬度应为数字').min(3, '纬度超出中国范围').max(54, '纬度超出中国范围');
const sixDigits = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '应为 6 位区划代码');

const complaintFields = {
  type: catalogCode,
  title: z.string().trim().min(1, '请填写投诉标题').max(80, '标题不能超过 80 字'),
  content: z.string().trim().min(1, '请填写投诉内容').max(2000, '内容不能超过 2000 字'),
  contactName: blank(z.string().trim().max(32, '联系人不能超过 32 字')),
  phone: blank(mobile),
  longitude: blank(longitude),
  latitude: blank(latitude),
  address: z.string().trim().max(200, '地址不能超过 200 字').default(''),
  areaCode: blank(sixDigits.describe('所在区县（位置不在任何网格内时以此为准）')),
};

const bothOrNeither = (body: { longitude?: number | undefined; latitude?: number | undefined }) =>
  (body.longitude === undefined) === (body.latitude === undefined);
const positionMessage = { message: '经度和纬度须同时填写', path: ['latitude'] };

/** POST /api/complaint/submit: the public form (form-encoded or JSON, signed), with the image captcha. */
export const complaintSubmitBody = z
  .object({
    ...complaintFields,
    uuid: z.string().trim().max(64).default('').describe('图片验证码编号（/api/user/getCaptchaImage 的 uuid）'),
    code: z.string().trim().max(16).default('').describe('图片验证码'),
  })
  .refine(bothOrNeither, positionMessage);

/** POST /adm/complaint/bd/save: an operator registers a complaint received by phone or at the desk. */
export const complaintSaveBody = z
  .object({ ...complaintFields, source: z.enum(['hotline', 'operator']).default('hotline') })
  .refine(bothOrNeither, positionMessage);

export const complaintStatusQuery = z.object({
  no: z.string().trim().regex(COMPLAINT_NO, '投诉编号格式不正确').describe('投诉编号（提交后得到的 TS…）'),
  phoneTail: blank(
    z
      .string()
      .trim()
      .regex(/^\d{4}$/, '应为手机号后 4 位'),
  ).describe('提交时所留手机号的后 4 位（留了手机号的投诉必填）'),
});

export const complaintListQuery = pageQuery.extend({
  type: catalogCode.optional().describe('投诉类别（含子类）'),
  status: complaintStatus.optional(),
  source: complaintSource.optional(),
  keyword: z.string().trim().max(40, '关键字过长').optional().describe('标题、内容、地址、编号关键字'),
  startTime: chinaDateTime.optional().describe('收到时间起（北京时间，含）'),
  endTime: chinaDateTime.optional().describe('收到时间止（北京时间，含）'),
});

export const complaintIdQuery = z.object({ id: complaintId });

export const complaintToEventBody = z
  .object({
    id: complaintIdValue,
    priority: eventPriority.default(3),
    title: z.string().trim().min(1, '标题不能为空').max(80, '标题不能超过 80 字').optional(),
    eventClassification: catalogCode.optional().describe('事件类别，默认为投诉类别'),
    longitude: longitude.optional().describe('事件位置（投诉没有位置时必填）'),
    latitude: latitude.optional(),
  })
  .refine(bothOrNeither, positionMessage);

export const complaintReplyBody = z.object({
  id: complaintIdValue,
  reply: z.string().trim().min(1, '请填写答复内容').max(1000, '答复不能超过 1000 字'),
  status: z.enum(['closed', 'rejected']).describe('closed 办结；rejected 不予受理'),
});

export const complaintRow = z.object({
  id: z.string(),
  no: z.string().describe('投诉编号 TS + 日期 + 序号'),
  type: z.string(),
  typeName: z.string(),
  status: complaintStatus,
  statusName: z.string(),
  title: z.string(),
  content: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable().describe('列表中打码：138****1234'),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  address: z.string(),
  areaCode: z.string(),
  source: complaintSource,
  sourceName: z.string(),
  eventId: z.string().nullable(),
  eventState: eventState.nullable(),
  reply: z.string().nullable(),
  createdAt: chinaDateTime,
  handledAt: chinaDateTime.nullable(),
  handledByName: z.string().nullable(),
});
export type ComplaintRow = z.infer<typeof complaintRow>;

export const complaintSubmitResult = z.object({
  no: z.string().describe('投诉编号：凭此号与手机号后 4 位查询进度'),
  createdAt: chinaDateTime,
});

/** What the citizen sees: no personal data. */
export const complaintProgress = z.object({
  no: z.string(),
  type: z.string(),
  typeName: z.string(),
  title: z.string(),
  status: complaintStatus,
  statusName: z.string().describe('转为事件后，事件结案即为「已办结」'),
  reply: z.string().nullable(),
  createdAt: chinaDateTime,
  handledAt: chinaDateTime.nullable(),
});

export const complaintListResponse = envelope(pageOf(complaintRow));
export const complaintDetailResponse = envelope(complaintRow);
export const complaintSubmitResponse = envelope(complaintSubmitResult);
export const complaintProgressResponse = envelope(complaintProgress);
