import { PHONE_PATTERN } from '@lantian/domain';

/**
 * The public complaint form's rules (投诉举报): the types a citizen picks from, the checks before
 * sending (the server checks the same, with the same words), the title the server needs made from what
 * was typed, and the 查询进度 form's checks. Pure, so it is tested without a browser.
 */

/**
 * The types (the eventCatalog dictionary's top-level values). The server offers no public call that
 * lists them, so the list is fixed here; it names the dictionary's built-in codes.
 */
export const COMPLAINT_TYPES = [
  { value: 'dust', label: '扬尘' },
  { value: 'openBurning', label: '露天焚烧' },
  { value: 'cateringFume', label: '餐饮油烟' },
  { value: 'industrialGas', label: '工业废气' },
  { value: 'vehicleExhaust', label: '机动车尾气' },
  { value: 'noise', label: '噪声扰民' },
  { value: 'garbage', label: '垃圾堆放' },
  { value: 'looseCoal', label: '散煤燃烧' },
  { value: 'other', label: '其他' },
] as const;

export type ComplaintType = (typeof COMPLAINT_TYPES)[number]['value'];

export interface ComplaintValues {
  type: string;
  content: string;
  address: string;
  contactName: string;
  phone: string;
  code: string;
  /** The county (区县) the complaint is about: where it is handled when the position is in no grid. */
  areaCode: string;
  /** From the browser's location, when the citizen allowed it. */
  position: { longitude: number; latitude: number } | null;
}

export type ComplaintField = 'type' | 'content' | 'areaCode' | 'address' | 'contactName' | 'phone' | 'code';

/** Whatever is wrong, by field, in the words the form shows; empty when it can be sent. */
export function checkComplaint(values: ComplaintValues): Partial<Record<ComplaintField, string>> {
  const errors: Partial<Record<ComplaintField, string>> = {};
  if (!COMPLAINT_TYPES.some((t) => t.value === values.type)) errors.type = '请选择投诉类型';
  const content = values.content.trim();
  if (content === '') errors.content = '请填写投诉内容';
  else if (content.length < 5) errors.content = '请把情况描述得具体一些（至少 5 个字）';
  else if (content.length > 2000) errors.content = '内容不能超过 2000 字';
  if (!/^\d{6}$/.test(values.areaCode)) errors.areaCode = '请选择所在区县';
  if (values.address.trim() === '' && values.position === null) errors.address = '请填写地址，或使用当前位置';
  else if (values.address.trim().length > 200) errors.address = '地址不能超过 200 字';
  if (values.contactName.trim().length > 32) errors.contactName = '联系人不能超过 32 字';
  const phone = values.phone.trim();
  if (phone !== '' && !PHONE_PATTERN.test(phone)) errors.phone = '请输入正确的手机号';
  if (!/^[A-Za-z0-9]{4}$/.test(values.code.trim())) errors.code = '请输入 4 位图形验证码';
  return errors;
}

/** The server wants a title (≤ 80 字); the citizen is not asked for one: 类型：内容的开头. */
export function complaintTitle(type: string, content: string): string {
  const label = COMPLAINT_TYPES.find((t) => t.value === type)?.label ?? '投诉';
  const firstLine = content.trim().split(/\r?\n/)[0]?.trim() ?? '';
  const head = firstLine.length > 30 ? `${firstLine.slice(0, 30)}…` : firstLine;
  return head === '' ? `${label}投诉` : `${label}：${head}`;
}

/** The submit call's fields (form-encoded; empty optional fields are left out by the client). */
export function submitParams(values: ComplaintValues, uuid: string): Record<string, string> {
  return {
    type: values.type,
    title: complaintTitle(values.type, values.content),
    content: values.content.trim(),
    address: values.address.trim(),
    areaCode: values.areaCode,
    contactName: values.contactName.trim(),
    phone: values.phone.trim(),
    longitude: values.position === null ? '' : String(values.position.longitude),
    latitude: values.position === null ? '' : String(values.position.latitude),
    uuid,
    code: values.code.trim(),
  };
}

/** A browser fix as the form's position: rounded to ~1 m, and refused outside China (the server's range). */
export function positionOf(coords: {
  longitude: number;
  latitude: number;
}): { longitude: number; latitude: number } | undefined {
  const { longitude, latitude } = coords;
  if (!(longitude >= 73 && longitude <= 136 && latitude >= 3 && latitude <= 54)) return undefined;
  return { longitude: Math.round(longitude * 1e5) / 1e5, latitude: Math.round(latitude * 1e5) / 1e5 };
}

/**
 * The tracking number: the contract's COMPLAINT_NO, repeated here because importing the contracts'
 * runtime would bring zod and every schema into this page's chunk (the test checks they agree).
 */
export const TRACKING_NO = /^TS(\d{8})(\d{5,12})$/;

/** The 查询进度 form: the tracking number (TS + date + number) and the phone's last four digits. */
export function checkProgressQuery(no: string, phoneTail: string): { no?: string; phoneTail?: string } {
  const errors: { no?: string; phoneTail?: string } = {};
  if (!TRACKING_NO.test(normalizeNo(no))) errors.no = '请输入正确的投诉编号（TS 开头）';
  if (phoneTail.trim() !== '' && !/^\d{4}$/.test(phoneTail.trim())) errors.phoneTail = '请输入手机号后 4 位';
  return errors;
}

/** People type the number in lower case and with spaces: ts 20250501 00012 → TS2025050100012. */
export function normalizeNo(no: string): string {
  return no.replace(/\s+/g, '').toUpperCase();
}

export interface DistrictEntry {
  areaCode: string;
  areaName: string;
  areaType: number;
  regionCode: string;
}

/**
 * The 所在区县 choices from the public city and district list: every district (type 2) and every city
 * without districts of its own (the server takes an area with no children), labelled with its city;
 * the current city's districts first.
 */
export function districtOptions(
  entries: readonly DistrictEntry[],
  currentCode: string | undefined,
): { value: string; label: string }[] {
  const names = new Map(entries.map((e) => [e.areaCode, e.areaName]));
  const parents = new Set(entries.filter((e) => e.regionCode !== e.areaCode).map((e) => e.regionCode));
  const usable = entries.filter((e) => e.areaType === 2 || !parents.has(e.areaCode));
  const home = currentCode === undefined ? undefined : (entries.find((e) => e.areaCode === currentCode) ?? undefined);
  // The current area's city: itself for a city, its parent for a district.
  const homeCity = home === undefined ? undefined : home.areaType === 2 ? home.regionCode : home.areaCode;
  const rank = (e: DistrictEntry) => (e.areaCode === currentCode ? 0 : e.regionCode === homeCity ? 1 : 2);
  return usable
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map(({ e }) => {
      const city = names.get(e.regionCode);
      const label =
        city === undefined || e.regionCode === e.areaCode || e.areaType !== 2 ? e.areaName : `${e.areaName}（${city}）`;
      return { value: e.areaCode, label };
    });
}
