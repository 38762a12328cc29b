/**
 * Command (CN) and system (ST) codes of HJ 212-2017, and the few packets the platform writes:
 * the 9014 data answer, the 1012 time setting, and data uploads for the simulator and tests.
 */

import { buildDataCp, type Hj212DataCpInput, parseCpPairs, parseDataCp } from './cp';
import { formatDataTime, formatQn } from './datetime';
import { encodeFrame } from './frame';
import { buildSegment, type Hj212Packet, makeFlag } from './segment';

/** System codes (ST, 系统编码) of HJ 212-2017; A0–Z9 are left to extensions. */
export const HJ212_SYSTEMS = {
  '21': '地表水质量监测',
  '22': '空气质量监测',
  '23': '声环境质量监测',
  '24': '地下水质量监测',
  '25': '土壤质量监测',
  '26': '海水质量监测',
  '27': '挥发性有机物监测',
  '31': '大气环境污染源',
  '32': '地表水体环境污染源',
  '33': '地下水体环境污染源',
  '34': '海洋环境污染源',
  '35': '土壤环境污染源',
  '36': '声环境污染源',
  '37': '振动环境污染源',
  '38': '放射性环境污染源',
  '39': '工地扬尘污染源',
  '41': '电磁环境污染源',
  '51': '烟气排放过程监控',
  '52': '污水排放过程监控',
  '91': '系统交互',
} as const;

/** ST of packets that belong to the conversation itself (answers), not to a monitored system. */
export const SYSTEM_INTERACTION_ST = '91';

/**
 * Command codes (CN, 命令编码) of HJ 212-2017. Many codes serve both directions (the platform asks
 * with 2011, the logger uploads with 2011). There is no heartbeat command in the standard; see
 * {@link isKeepalive}.
 */
export const HJ212_COMMANDS = {
  '1000': '设置超时时间及重发次数',
  '1011': '提取/上传现场机时间',
  '1012': '设置现场机时间',
  '1013': '现场机时间校准请求',
  '1061': '提取/上传实时数据间隔',
  '1062': '设置实时数据间隔',
  '1063': '提取/上传分钟数据间隔',
  '1064': '设置分钟数据间隔',
  '1072': '设置现场机访问密码',
  '2011': '取/上传污染物实时数据',
  '2012': '停止察看污染物实时数据',
  '2021': '取/上传设备运行状态数据',
  '2022': '停止察看设备运行状态',
  '2031': '取/上传污染物日历史数据',
  '2041': '取/上传设备运行时间日历史数据',
  '2051': '取/上传污染物分钟数据',
  '2061': '取/上传污染物小时数据',
  '2081': '上传数采仪开机时间',
  '3011': '零点校准量程校准',
  '3012': '即时采样',
  '3013': '启动清洗/反吹',
  '3014': '比对采样',
  '3015': '超标留样',
  '3016': '设置采样时间周期',
  '3017': '提取/上传采样时间周期',
  '3018': '提取/上传出样时间',
  '3019': '提取/上传设备唯一标识',
  '3020': '提取/上传现场机信息',
  '3021': '设置现场机参数',
  '9011': '请求应答',
  '9012': '执行结果',
  '9013': '通知应答',
  '9014': '数据应答',
} as const;

/** The codes this platform deals with, by name. */
export const HJ212_CN = {
  getDeviceTime: '1011',
  setDeviceTime: '1012',
  timeCalibrationRequest: '1013',
  realtimeData: '2011',
  dayData: '2031',
  dailyRunTime: '2041',
  minuteData: '2051',
  hourData: '2061',
  requestAnswer: '9011',
  executionResult: '9012',
  notificationAnswer: '9013',
  dataAnswer: '9014',
} as const;

/** Uploads whose CP is a {@link parseDataCp} data body (DataTime plus per-factor values). */
export const DATA_UPLOAD_COMMANDS: readonly string[] = [
  HJ212_CN.realtimeData,
  HJ212_CN.minuteData,
  HJ212_CN.hourData,
  HJ212_CN.dayData,
  HJ212_CN.dailyRunTime,
];

export function isDataUploadCommand(cn: string): boolean {
  return DATA_UPLOAD_COMMANDS.includes(cn);
}

/** Chinese name of a command code, or undefined for a code outside the standard's table. */
export function commandName(cn: string): string | undefined {
  return Object.hasOwn(HJ212_COMMANDS, cn) ? HJ212_COMMANDS[cn as keyof typeof HJ212_COMMANDS] : undefined;
}

/** Chinese name of a system code, or undefined. */
export function systemName(st: string): string | undefined {
  return Object.hasOwn(HJ212_SYSTEMS, st) ? HJ212_SYSTEMS[st as keyof typeof HJ212_SYSTEMS] : undefined;
}

/**
 * A packet with an empty CP (`CP=&&&&`). The standard has no heartbeat command, so loggers keep
 * the link alive with whatever CN they like and nothing in it; such a packet stores nothing.
 */
export function isKeepalive(packet: Pick<Hj212Packet, 'cp'>): boolean {
  return packet.cp === '';
}

/** Answer frames do not ask for an answer themselves: version 2017, A = 0. */
const ANSWER_FLAG = makeFlag({ answer: false });
const COMMAND_FLAG = makeFlag({ answer: true });

/**
 * The 9014 data answer to `packet`, as a whole frame ready to send:
 * `QN=<same QN>;ST=91;CN=9014;PW=<same PW>;MN=<same MN>;Flag=4;CP=&&&&`.
 * The answer echoes the upload's QN; only when the upload had none is one made from `nowEpochSeconds`.
 */
export function dataAnswer(packet: Hj212Packet, nowEpochSeconds: number): string {
  return encodeFrame(
    buildSegment({
      qn: packet.qn ?? formatQn(Math.round(nowEpochSeconds * 1000)),
      st: SYSTEM_INTERACTION_ST,
      cn: HJ212_CN.dataAnswer,
      pw: packet.pw,
      mn: packet.mn,
      flag: ANSWER_FLAG,
      cp: '',
    }),
  );
}

/**
 * A 1012 "set device time" command for the device that sent `packet` (typically its 1013 request),
 * as a whole frame: `QN=<now>;ST=<packet ST>;CN=1012;PW=…;MN=…;Flag=5;CP=&&SystemTime=yyyyMMddHHmmss&&`
 * in China time. When the request named an instrument (`PolId`), the command names it too, as the
 * standard's example does.
 */
export function timeSetCommand(packet: Hj212Packet, nowEpochSeconds: number): string {
  const pairs = parseCpPairs(packet.cp);
  const polId = pairs.ok ? pairs.pairs.find((p) => p.key === 'PolId')?.value : undefined;
  const systemTime = `SystemTime=${formatDataTime(nowEpochSeconds)}`;
  return encodeFrame(
    buildSegment({
      qn: formatQn(Math.round(nowEpochSeconds * 1000)),
      st: packet.st,
      cn: HJ212_CN.setDeviceTime,
      pw: packet.pw,
      mn: packet.mn,
      flag: COMMAND_FLAG,
      cp: polId === undefined || polId === '' ? systemTime : `PolId=${polId};${systemTime}`,
    }),
  );
}

export interface DataPacketInput extends Hj212DataCpInput {
  st: string;
  cn: string;
  pw: string;
  mn: string;
  /** Default 5: version 2017, answer wanted. */
  flag?: number;
  /** Default: the data time itself (yyyyMMddHHmmss000), so equal inputs give equal packets. */
  qn?: string;
}

/**
 * A data upload's data segment (pass it to `encodeFrame`). Used by the simulator and tests; it throws
 * a RangeError on input the parser would refuse.
 */
export function buildDataPacket(input: DataPacketInput): string {
  const cp = buildDataCp(input);
  const check = parseDataCp(cp);
  if (!check.ok) throw new RangeError(`cannot build HJ 212 data: ${check.message}`);
  return buildSegment({
    qn: input.qn ?? formatQn(input.dataTime * 1000),
    st: input.st,
    cn: input.cn,
    pw: input.pw,
    mn: input.mn,
    flag: input.flag ?? COMMAND_FLAG,
    cp,
  });
}
