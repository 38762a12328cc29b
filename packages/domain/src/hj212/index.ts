/**
 * HJ 212-2017 (环境污染物在线监测（监控）系统数据传输标准) codec: pure functions and classes, no I/O.
 *
 * Bytes → {@link Hj212FrameReader} → data segment → {@link parseSegment} → {@link Hj212Reassembler}
 * (split packets) → {@link parseDataCp} (data uploads). The other way: {@link buildDataPacket} /
 * {@link buildSegment} → {@link encodeFrame} → {@link asciiToBytes}.
 */

export * from './ascii';
export * from './commands';
export * from './cp';
export * from './crc';
export * from './datetime';
export * from './frame';
export * from './reader';
export * from './reassembler';
export * from './segment';
