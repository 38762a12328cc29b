/**
 * CRC16 exactly as HJ 212-2017's appendix (`CRC16_Checkout`). Note this is NOT the usual
 * CRC-16/MODBUS loop: the standard first shifts the register right by 8 and XORs the byte into the
 * low bits, then runs the 8 reflected 0xA001 steps. Results are shown as 4 upper-case hex digits.
 * The CRC covers the data segment only — not `##`, not the length, not the CRC itself.
 */

const INITIAL = 0xffff;
const POLY = 0xa001;

function step(reg: number, byte: number): number {
  let crc = (reg >> 8) ^ byte;
  for (let bit = 0; bit < 8; bit++) {
    const check = crc & 1;
    crc >>= 1;
    if (check !== 0) crc ^= POLY;
  }
  return crc;
}

/**
 * The standard's CRC16 of `data` as a number 0–0xFFFF. A string is read one code unit per byte, so
 * callers pass ASCII (a data segment is ASCII by construction; frame decoders check before calling).
 */
export function crc16(data: string | Uint8Array, from = 0, to = data.length): number {
  let reg = INITIAL;
  if (typeof data === 'string') {
    for (let i = from; i < to; i++) reg = step(reg, data.charCodeAt(i) & 0xff);
  } else {
    for (let i = from; i < to; i++) reg = step(reg, data[i] ?? 0);
  }
  return reg;
}

/** {@link crc16} as the 4 upper-case hex digits written on the wire. */
export function crc16Hex(data: string | Uint8Array, from = 0, to = data.length): string {
  return crc16(data, from, to).toString(16).toUpperCase().padStart(4, '0');
}
