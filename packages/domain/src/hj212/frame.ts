/**
 * One HJ 212 frame: `##` + 4 decimal digits (data segment length, 0000–1024) + data segment +
 * 4 hex digits CRC16 of the data segment + `\r\n`.
 */

import { isAscii, isPrintableAscii } from './ascii';
import { crc16Hex } from './crc';

/** The standard's maximum data segment length. */
export const MAX_SEGMENT_LENGTH = 1024;
/** Bytes around the data segment: `##` (2) + length (4) + CRC (4) + `\r\n` (2). */
export const FRAME_OVERHEAD = 12;
/** Largest legal frame on the wire. */
export const MAX_FRAME_LENGTH = MAX_SEGMENT_LENGTH + FRAME_OVERHEAD;

export type FrameErrorReason = 'bad_header' | 'bad_length' | 'bad_crc' | 'oversize' | 'non_ascii' | 'bad_terminator';

/** Chinese texts for the stable frame error codes (the code is what programs compare). */
export const FRAME_ERROR_MESSAGES: Readonly<Record<FrameErrorReason, string>> = {
  bad_header: '报文头错误：应以 ## 开始',
  bad_length: '数据段长度错误：长度字段不是 4 位数字或与实际长度不符',
  bad_crc: 'CRC 校验错误',
  oversize: '报文过长：数据段超过 1024 字节',
  non_ascii: '报文含非 ASCII 字符',
  bad_terminator: '报文结束符错误：应以 \\r\\n 结束',
};

export type DecodeFrameResult =
  | { ok: true; segment: string }
  | { ok: false; reason: FrameErrorReason; message: string };

function fail(reason: FrameErrorReason, detail?: string): DecodeFrameResult {
  const base = FRAME_ERROR_MESSAGES[reason];
  return { ok: false, reason, message: detail === undefined ? base : `${base}（${detail}）` };
}

const LENGTH_FIELD = /^\d{4}$/;
const CRC_FIELD = /^[0-9A-Fa-f]{4}$/;

/**
 * Wraps a data segment into a frame. The segment must be printable ASCII of at most 1024 characters;
 * anything else is a programming error (a RangeError), because segments are built by our own code.
 */
export function encodeFrame(segment: string): string {
  if (!isPrintableAscii(segment)) throw new RangeError('HJ 212 data segment must be printable ASCII');
  if (segment.length > MAX_SEGMENT_LENGTH) {
    throw new RangeError(`HJ 212 data segment is ${segment.length} characters, the maximum is ${MAX_SEGMENT_LENGTH}`);
  }
  return `##${String(segment.length).padStart(4, '0')}${segment}${crc16Hex(segment)}\r\n`;
}

/**
 * Decodes exactly one whole frame (including its `\r\n`). Checks run from the outside in, so the
 * reason names the first thing that is wrong. Lower-case CRC hex digits are accepted.
 */
export function decodeFrame(text: string): DecodeFrameResult {
  if (!isAscii(text)) return fail('non_ascii');
  if (!text.startsWith('##')) return fail('bad_header');
  const lengthField = text.slice(2, 6);
  if (!LENGTH_FIELD.test(lengthField)) return fail('bad_length', `长度字段为 "${lengthField}"`);
  const length = Number(lengthField);
  if (length > MAX_SEGMENT_LENGTH) return fail('oversize', `声明长度 ${length}`);
  if (text.length !== length + FRAME_OVERHEAD) {
    // A frame that still ends in CRLF has the wrong length; one that does not, lost its terminator.
    return text.endsWith('\r\n')
      ? fail('bad_length', `声明长度 ${length}，实际 ${text.length - FRAME_OVERHEAD}`)
      : fail('bad_terminator');
  }
  if (text.slice(length + 10) !== '\r\n') return fail('bad_terminator');
  const crcField = text.slice(length + 6, length + 10);
  if (!CRC_FIELD.test(crcField)) return fail('bad_crc', `CRC 字段为 "${crcField}"`);
  const segment = text.slice(6, length + 6);
  const expected = crc16Hex(segment);
  if (crcField.toUpperCase() !== expected) return fail('bad_crc', `收到 ${crcField}，应为 ${expected}`);
  return { ok: true, segment };
}
