import net from 'node:net';
import { buildDataPacket, encodeFrame } from '@lantian/domain';

/**
 * A data logger (数采仪) for tests: a TCP connection to the gateway that sends bytes and collects
 * the frames the gateway answers with.
 */
export class TestLogger {
  readonly received: string[] = [];
  private buffer = '';
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end = this.buffer.indexOf('\r\n');
      while (end >= 0) {
        this.received.push(this.buffer.slice(0, end + 2));
        this.buffer = this.buffer.slice(end + 2);
        end = this.buffer.indexOf('\r\n');
      }
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => undefined);
  }

  static connect(port: number): Promise<TestLogger> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new TestLogger(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** Waits until `count` frames arrived (or the timeout). */
  async frames(count: number, timeoutMs = 3000): Promise<string[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return [...this.received];
  }

  async waitClosed(timeoutMs = 3000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return this.closed;
  }

  end(): void {
    this.socket.destroy();
  }
}

/** A whole HJ 212 frame of data (default real-time 2011, answer wanted). */
export function dataFrame(options: {
  mn: string;
  pw: string;
  dataTime: number;
  values: Array<{ factor: string; value: number; flag?: 'N' | 'F' | 'M' | 'S' | 'D' | 'C' | 'T' | 'B' }>;
  cn?: string;
  qn?: string;
}): string {
  const cn = options.cn ?? '2011';
  const field = cn === '2011' ? 'rtd' : 'avg';
  return encodeFrame(
    buildDataPacket({
      st: '22',
      cn,
      pw: options.pw,
      mn: options.mn,
      dataTime: options.dataTime,
      ...(options.qn === undefined ? {} : { qn: options.qn }),
      values: options.values.map((v) => ({ factor: v.factor, [field]: v.value, flag: v.flag ?? 'N' })),
    }),
  );
}
