import http from 'node:http';

/**
 * Server-Sent Events streams of a listening test app, read as a browser's EventSource would: the
 * answer's head, its text so far, its events by name. Streams opened here stay open until
 * `closeStreams()` (an afterEach) or the server closes them.
 */

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: () => string;
  /** The data of every event of this name so far, parsed as JSON. */
  events: <T = unknown>(name: string) => T[];
  /** Whether the server ended the answer. */
  ended: () => boolean;
}

const opened: http.ClientRequest[] = [];

export function openEventStream(port: number, path: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      let text = '';
      let ended = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        ended = true;
      });
      const stream: OpenStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => text,
        events: <T>(name: string) =>
          text
            .split('\n\n')
            .filter((block) => block.startsWith(`event: ${name}\n`))
            .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as T),
        ended: () => ended,
      };
      // The first bytes (or a whole error answer) are there before the stream is handed over.
      const ready = () => (text.includes(': connected') || response.complete ? resolve(stream) : undefined);
      response.on('data', ready);
      response.on('end', ready);
    });
    request.on('error', reject);
    opened.push(request);
  });
}

export function closeStreams(): void {
  for (const request of opened.splice(0)) request.destroy();
}

/** Waits (real time) until `check` holds, at most `ms`. */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}
