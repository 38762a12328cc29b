import net from 'node:net';

/**
 * Stand-ins for a dependency that is down or hangs, for tests of the fault paths that need no real
 * service: a port nobody listens on, and a "Redis" that accepts connections and then never answers.
 */

/** The commands in a chunk of RESP (arrays of bulk strings, as clients send them). */
function commandsIn(chunk: string): string[][] {
  const lines = chunk.split('\r\n');
  const commands: string[][] = [];
  let i = 0;
  while (i < lines.length) {
    const head = lines[i] ?? '';
    if (!head.startsWith('*')) {
      i++;
      continue;
    }
    const count = Number(head.slice(1));
    const args: string[] = [];
    for (let a = 0; a < count; a++) args.push(lines[i + 2 + a * 2] ?? '');
    commands.push(args);
    i += 1 + count * 2;
  }
  return commands;
}

/**
 * A "Redis" that passes the client's ready check (INFO), takes subscriptions, then never answers
 * any other command: what a paused or overloaded Redis looks like from the client. `drop()` cuts
 * every connection and refuses new ones: Redis gone.
 */
export async function stallingRedis(): Promise<{
  port: number;
  drop: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (data) => {
      for (const [name = '', ...args] of commandsIn(data.toString('latin1'))) {
        const command = name.toLowerCase();
        if (command === 'info') {
          const body = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${body.length}\r\n${body}\r\n`);
        } else if (command === 'client' || command === 'select' || command === 'quit') {
          socket.write('+OK\r\n');
        } else if (command === 'subscribe') {
          args.forEach((channel, n) => {
            socket.write(`*3\r\n$9\r\nsubscribe\r\n$${channel.length}\r\n${channel}\r\n:${n + 1}\r\n`);
          });
        }
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  let closed = false;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (closed) return resolve();
      closed = true;
      server.close(() => resolve());
    });
  return { port, drop: close, close };
}

export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}
