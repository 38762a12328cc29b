import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The RTSP test camera (tools/video/test-camera.py: GStreamer's RTSP server with a test pattern and a
 * burnt-in clock) as a child process, for the demo and the tests. `available()` says whether this
 * machine has what it needs (Debian: python3-gi, gir1.2-gst-rtsp-server-1.0, gstreamer1.0-plugins-
 * base/good/ugly, ffmpeg for the relay) and, if not, why.
 */

const PYTHON = process.env.VIDEO_TEST_CAMERA_PYTHON ?? '/usr/bin/python3';

export function testCameraScript(): string {
  // Source and build both sit four or more levels below the repository root; look upwards for tools/.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i += 1) {
    const candidate = resolve(dir, 'tools/video/test-camera.py');
    if (existsSync(candidate)) return candidate;
    dir = resolve(dir, '..');
  }
  return resolve(process.cwd(), 'tools/video/test-camera.py');
}

/** Undefined when the test camera and the relay can run here, else the reason (Chinese). */
export function testCameraUnavailable(ffmpeg = 'ffmpeg'): string | undefined {
  if (spawnSync(ffmpeg, ['-version'], { stdio: 'ignore' }).status !== 0)
    return '未安装 ffmpeg（apt-get install ffmpeg）';
  if (!existsSync(testCameraScript())) return '找不到测试摄像机脚本 tools/video/test-camera.py';
  const probe = spawnSync(
    PYTHON,
    ['-c', "import gi; gi.require_version('GstRtspServer','1.0'); from gi.repository import GstRtspServer"],
    { stdio: 'ignore' },
  );
  if (probe.status !== 0)
    return '未安装 GStreamer RTSP 服务（apt-get install python3-gi gir1.2-gst-rtsp-server-1.0 gstreamer1.0-plugins-ugly）';
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export class TestCamera {
  private proc: ChildProcess | null = null;

  constructor(
    readonly port: number,
    readonly paths: readonly string[] = ['/ch1'],
    private readonly label = 'LANTIAN DEMO',
  ) {}

  urls(): string[] {
    return this.paths.map((p) => `rtsp://127.0.0.1:${this.port}${p}`);
  }

  /** Starts the camera and resolves once it listens. */
  async start(): Promise<void> {
    const args = [testCameraScript(), '--port', String(this.port), '--label', this.label];
    for (const p of this.paths) args.push('--path', p);
    const proc = spawn(PYTHON, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    await new Promise<void>((ok, fail) => {
      let out = '';
      const timer = setTimeout(() => fail(new Error(`test camera did not start: ${out}`)), 10_000);
      proc.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('READY')) {
          clearTimeout(timer);
          ok();
        }
      });
      proc.stderr?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`test camera exited (${code}): ${out}`));
      });
    });
  }

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (proc === null || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((done) => {
      proc.once('exit', () => done());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 2000).unref();
    });
  }
}
