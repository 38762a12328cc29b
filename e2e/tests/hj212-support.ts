import net from 'node:net';
import { buildDataPacket, encodeFrame } from '@lantian/domain';
import { HJ212_PORT } from './platform-support';

/**
 * A data logger (数采仪) for browser tests: real HJ 212-2017 frames over TCP to the e2e server's
 * gateway, so what the console shows comes through the same path a bureau's devices use.
 */

export interface Reading {
  factor: string;
  value: number;
}

/** A minute-data (2051) frame, answer requested, stamped `dataTime` (epoch seconds, a whole minute). */
export function minuteFrame(mn: string, pw: string, dataTime: number, readings: Reading[]): string {
  return encodeFrame(
    buildDataPacket({
      st: '22',
      cn: '2051',
      pw,
      mn,
      dataTime,
      values: readings.map((r) => ({ factor: r.factor, avg: r.value, flag: 'N' as const })),
    }),
  );
}

/** The last whole minute, as a logger stamps its minute data. */
export const lastMinute = (): number => Math.floor(Date.now() / 60_000) * 60 - 60;

/** Sends one frame and resolves with the gateway's answer (9014 once the data is committed). */
export function sendFrame(frame: string, port = HJ212_PORT): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(frame));
    let buffer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from the gateway on port ${port}`));
    }, 10_000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      clearTimeout(timer);
      socket.destroy();
      resolve(buffer.slice(0, end + 2));
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
