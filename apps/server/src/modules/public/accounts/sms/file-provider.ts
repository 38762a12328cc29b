import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SmsMessage, SmsProvider } from './provider';

/**
 * Tests and e2e runs: each code is appended to a file as one JSON line
 * `{"phone","purpose","code","time"}` (time: ISO 8601), which the tests read.
 */
export class FileSmsProvider implements SmsProvider {
  readonly name = 'file';

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const line = JSON.stringify({
      phone: message.phone,
      purpose: message.purpose,
      code: message.code,
      time: new Date(this.now()).toISOString(),
    });
    await appendFile(this.file, `${line}\n`, 'utf8');
  }
}
