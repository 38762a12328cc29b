import type { PtzVelocity } from '@lantian/domain';
import { Cam } from 'onvif';

/**
 * PTZ through the kept `onvif` client (npm `onvif`, Profile S): connect (clock, capabilities,
 * profiles, video sources), then ContinuousMove / Stop / GetStatus on the channel's profile — the
 * n-th video source's default profile for channel n, as NVRs and multi-sensor cameras number them.
 * Connections are kept per endpoint and dropped on any error, so a camera that was replaced or
 * rebooted is connected afresh on the next command.
 */

export interface OnvifEndpoint {
  url: string;
  username: string;
  password: string;
}

export class CameraUnreachable extends Error {}

/** Per call; connecting is five round trips (clock, services, capabilities, profiles, sources) and gets twice this. */
const TIMEOUT_MS = 4000;

function withTimeout<T>(
  work: (done: (err: unknown, value?: T) => void) => void,
  what: string,
  ms = TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CameraUnreachable(`${what}: timed out`)), ms);
    work((err, value) => {
      clearTimeout(timer);
      if (err) reject(new CameraUnreachable(`${what}: ${err instanceof Error ? err.message : String(err)}`));
      else resolve(value as T);
    });
  });
}

export class OnvifPtz {
  private readonly cams = new Map<string, Promise<Cam>>();

  private key(e: OnvifEndpoint): string {
    return `${e.url}\n${e.username}\n${e.password}`;
  }

  private connect(endpoint: OnvifEndpoint): Promise<Cam> {
    const key = this.key(endpoint);
    const known = this.cams.get(key);
    if (known !== undefined) return known;
    const url = new URL(endpoint.url);
    const pending = withTimeout<Cam>(
      (done) => {
        const cam: Cam = new Cam(
          {
            hostname: url.hostname,
            port: Number(url.port || 80),
            path: url.pathname,
            username: endpoint.username,
            password: endpoint.password,
            timeout: TIMEOUT_MS,
          },
          (err: unknown) => done(err ?? null, cam),
        );
      },
      'ONVIF connect',
      2 * TIMEOUT_MS,
    );
    this.cams.set(key, pending);
    pending.catch(() => this.cams.delete(key));
    return pending;
  }

  private async run<T>(
    endpoint: OnvifEndpoint,
    what: string,
    call: (cam: Cam, done: (err: unknown, value?: T) => void) => void,
  ) {
    const cam = await this.connect(endpoint);
    try {
      return await withTimeout<T>((done) => call(cam, done), what);
    } catch (err) {
      this.cams.delete(this.key(endpoint));
      throw err;
    }
  }

  private profileOf(cam: Cam, channel: number): string {
    const source = (cam.activeSources as { profileToken: string }[] | undefined)?.[channel - 1];
    if (source === undefined) throw new CameraUnreachable(`no profile for channel ${channel}`);
    return source.profileToken;
  }

  async move(endpoint: OnvifEndpoint, channel: number, velocity: PtzVelocity): Promise<void> {
    await this.run<void>(endpoint, 'ContinuousMove', (cam, done) => {
      cam.continuousMove({ profileToken: this.profileOf(cam, channel), ...velocity }, (err: unknown) => done(err));
    });
  }

  async stop(endpoint: OnvifEndpoint, channel: number): Promise<void> {
    await this.run<void>(endpoint, 'Stop', (cam, done) => {
      cam.stop({ profileToken: this.profileOf(cam, channel), panTilt: true, zoom: true }, (err: unknown) => done(err));
    });
  }

  async status(endpoint: OnvifEndpoint, channel: number): Promise<PtzVelocity> {
    return this.run<PtzVelocity>(endpoint, 'GetStatus', (cam, done) => {
      cam.getStatus({ profileToken: this.profileOf(cam, channel) }, (err: unknown, status: unknown) => {
        const position = (status as { position?: { x: unknown; y: unknown; zoom: unknown } } | null)?.position;
        done(err, { x: Number(position?.x ?? 0), y: Number(position?.y ?? 0), zoom: Number(position?.zoom ?? 0) });
      });
    });
  }
}
