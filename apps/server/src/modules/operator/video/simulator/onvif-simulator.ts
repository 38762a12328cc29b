import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PtzVelocity, ptzAdvance } from '@lantian/domain';

/**
 * A small ONVIF camera (Profile S, SOAP 1.2 over HTTP): the demo camera's control side and the tests'
 * target. It answers what a PTZ client needs — GetSystemDateAndTime, GetCapabilities (GetServices is
 * refused, as on older cameras, so clients fall back to it), GetProfiles, GetVideoSources,
 * GetStreamUri, ContinuousMove, Stop, GetStatus — checks the WS-Security UsernameToken digest
 * (Base64(SHA-1(nonce + created + password)), ±5 min, each nonce once) on every call but the clock,
 * keeps a pan/tilt/zoom position per channel that moves with the velocity in force, and records
 * every move it was sent.
 */

export interface OnvifSimulatorOptions {
  username: string;
  password: string;
  /** One RTSP address per channel (profile `profile_<n>`, video source `vs_<n>`). */
  streams: readonly string[];
  host?: string;
  port?: number;
}

export interface RecordedMove {
  channel: number;
  kind: 'ContinuousMove' | 'Stop';
  velocity: PtzVelocity;
  at: number;
}

interface Head {
  position: PtzVelocity;
  velocity: PtzVelocity;
  since: number;
}

const ENVELOPE_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" ' +
  'xmlns:tds="http://www.onvif.org/ver10/device/wsdl" xmlns:trt="http://www.onvif.org/ver10/media/wsdl" ' +
  'xmlns:tptz="http://www.onvif.org/ver20/ptz/wsdl" xmlns:tt="http://www.onvif.org/ver10/schema" ' +
  'xmlns:ter="http://www.onvif.org/ver10/error"><s:Body>';
const ENVELOPE_CLOSE = '</s:Body></s:Envelope>';
const ZERO: PtzVelocity = { x: 0, y: 0, zoom: 0 };
const ACTIONS = [
  'GetSystemDateAndTime',
  'GetServices',
  'GetCapabilities',
  'GetProfiles',
  'GetVideoSources',
  'GetStreamUri',
  'ContinuousMove',
  'Stop',
  'GetStatus',
] as const;
type Action = (typeof ACTIONS)[number];

const fault = (code: string, reason: string) =>
  `${ENVELOPE_OPEN}<s:Fault><s:Code><s:Value>s:Sender</s:Value><s:Subcode><s:Value>${code}</s:Value></s:Subcode></s:Code>` +
  `<s:Reason><s:Text xml:lang="en">${reason}</s:Text></s:Reason></s:Fault>${ENVELOPE_CLOSE}`;

const tag = (xml: string, name: string) => new RegExp(`<(?:\\w+:)?${name}\\b[^>]*>([^<]*)</`).exec(xml)?.[1]?.trim();
const attr = (xml: string, element: string, name: string) => {
  const open = new RegExp(`<(?:\\w+:)?${element}\\b([^>]*)/?>`).exec(xml)?.[1];
  if (open === undefined) return undefined;
  const value = new RegExp(`\\b${name}="([^"]*)"`).exec(open)?.[1];
  return value === undefined ? undefined : Number(value);
};
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class OnvifSimulator {
  readonly moves: RecordedMove[] = [];
  /** Calls refused for a missing or wrong UsernameToken. */
  rejected = 0;
  private server: Server | null = null;
  private heads: Head[];
  private readonly nonces = new Map<string, number>();
  private base = '';

  constructor(private readonly options: OnvifSimulatorOptions) {
    this.heads = options.streams.map(() => ({ position: { ...ZERO }, velocity: { ...ZERO }, since: Date.now() }));
  }

  /** Listens (port 0 = any free port) and resolves with the device service address. */
  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    this.base = `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    return this.deviceUrl;
  }

  get deviceUrl(): string {
    return `${this.base}/onvif/device_service`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server === null) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A channel's position now (1-based channel). */
  position(channel: number): PtzVelocity {
    const head = this.heads[channel - 1];
    if (head === undefined) throw new Error(`no channel ${channel}`);
    const at = Date.now();
    return ptzAdvance(head.position, head.velocity, (at - head.since) / 1000);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 64 * 1024) {
        res.writeHead(413).end();
        return;
      }
      chunks.push(chunk as Buffer);
    }
    const body = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, xml: string) => {
      res.writeHead(status, { 'content-type': 'application/soap+xml; charset=utf-8' }).end(xml);
    };
    if (req.method !== 'POST') return send(405, fault('ter:InvalidArgs', 'POST only'));
    const action = ACTIONS.find((a) =>
      new RegExp(`<(?:\\w+:)?${a}[\\s/>]`).test(body.split(/<(?:\w+:)?Body\b/)[1] ?? ''),
    );
    if (action === undefined) return send(400, fault('ter:ActionNotSupported', 'Action not supported'));
    if (action !== 'GetSystemDateAndTime' && !this.authorized(body)) {
      this.rejected += 1;
      return send(400, fault('ter:NotAuthorized', 'Sender not Authorized'));
    }
    if (action === 'GetServices') return send(400, fault('ter:ActionNotSupported', 'Optional Action Not Implemented'));
    const answer = this.answer(action, body);
    if (answer === null) return send(400, fault('ter:NoProfile', 'The requested profile token does not exist'));
    send(200, `${ENVELOPE_OPEN}${answer}${ENVELOPE_CLOSE}`);
  }

  private authorized(body: string): boolean {
    const username = tag(body, 'Username');
    const digest = tag(body, 'Password');
    const nonce = tag(body, 'Nonce');
    const created = tag(body, 'Created');
    if (username === undefined || digest === undefined || nonce === undefined || created === undefined) return false;
    const createdAt = Date.parse(created);
    const now = Date.now();
    if (!Number.isFinite(createdAt) || Math.abs(now - createdAt) > 300_000) return false;
    for (const [seen, at] of this.nonces) if (now - at > 600_000) this.nonces.delete(seen);
    if (this.nonces.has(nonce)) return false;
    const expected = createHash('sha1')
      .update(
        Buffer.concat([
          Buffer.from(nonce, 'base64'),
          Buffer.from(created, 'ascii'),
          Buffer.from(this.options.password, 'ascii'),
        ]),
      )
      .digest('base64');
    if (username !== this.options.username || expected !== digest) return false;
    this.nonces.set(nonce, now);
    return true;
  }

  private channelOf(body: string): number | null {
    const token = tag(body, 'ProfileToken');
    const match = token === undefined ? null : /^profile_(\d+)$/.exec(token);
    const channel = match?.[1] === undefined ? null : Number(match[1]);
    return channel !== null && channel >= 1 && channel <= this.heads.length ? channel : null;
  }

  private answer(action: Exclude<Action, 'GetServices'>, body: string): string | null {
    switch (action) {
      case 'GetSystemDateAndTime': {
        const d = new Date();
        return (
          '<tds:GetSystemDateAndTimeResponse><tds:SystemDateAndTime><tt:DateTimeType>NTP</tt:DateTimeType>' +
          '<tt:DaylightSavings>false</tt:DaylightSavings><tt:TimeZone><tt:TZ>CST-8</tt:TZ></tt:TimeZone><tt:UTCDateTime>' +
          `<tt:Time><tt:Hour>${d.getUTCHours()}</tt:Hour><tt:Minute>${d.getUTCMinutes()}</tt:Minute><tt:Second>${d.getUTCSeconds()}</tt:Second></tt:Time>` +
          `<tt:Date><tt:Year>${d.getUTCFullYear()}</tt:Year><tt:Month>${d.getUTCMonth() + 1}</tt:Month><tt:Day>${d.getUTCDate()}</tt:Day></tt:Date>` +
          '</tt:UTCDateTime></tds:SystemDateAndTime></tds:GetSystemDateAndTimeResponse>'
        );
      }
      case 'GetCapabilities':
        return (
          '<tds:GetCapabilitiesResponse><tds:Capabilities>' +
          `<tt:Device><tt:XAddr>${this.base}/onvif/device_service</tt:XAddr></tt:Device>` +
          `<tt:Media><tt:XAddr>${this.base}/onvif/media</tt:XAddr><tt:StreamingCapabilities><tt:RTP_TCP>true</tt:RTP_TCP></tt:StreamingCapabilities></tt:Media>` +
          `<tt:PTZ><tt:XAddr>${this.base}/onvif/ptz</tt:XAddr></tt:PTZ>` +
          '</tds:Capabilities></tds:GetCapabilitiesResponse>'
        );
      case 'GetProfiles':
        return `<trt:GetProfilesResponse>${this.heads
          .map(
            (_, i) =>
              `<trt:Profiles token="profile_${i + 1}" fixed="true"><tt:Name>channel ${i + 1}</tt:Name>` +
              `<tt:VideoSourceConfiguration token="vsc_${i + 1}"><tt:Name>vsc_${i + 1}</tt:Name><tt:UseCount>1</tt:UseCount><tt:SourceToken>vs_${i + 1}</tt:SourceToken><tt:Bounds x="0" y="0" width="640" height="360"/></tt:VideoSourceConfiguration>` +
              `<tt:VideoEncoderConfiguration token="vec_${i + 1}"><tt:Name>h264</tt:Name><tt:UseCount>1</tt:UseCount><tt:Encoding>H264</tt:Encoding><tt:Resolution><tt:Width>640</tt:Width><tt:Height>360</tt:Height></tt:Resolution><tt:Quality>5</tt:Quality><tt:RateControl><tt:FrameRateLimit>15</tt:FrameRateLimit><tt:EncodingInterval>1</tt:EncodingInterval><tt:BitrateLimit>600</tt:BitrateLimit></tt:RateControl></tt:VideoEncoderConfiguration>` +
              `<tt:PTZConfiguration token="ptz_${i + 1}"><tt:Name>ptz_${i + 1}</tt:Name><tt:UseCount>1</tt:UseCount><tt:NodeToken>node_1</tt:NodeToken></tt:PTZConfiguration>` +
              '</trt:Profiles>',
          )
          .join('')}</trt:GetProfilesResponse>`;
      case 'GetVideoSources':
        return `<trt:GetVideoSourcesResponse>${this.heads
          .map(
            (_, i) =>
              `<trt:VideoSources token="vs_${i + 1}"><tt:Framerate>15</tt:Framerate><tt:Resolution><tt:Width>640</tt:Width><tt:Height>360</tt:Height></tt:Resolution></trt:VideoSources>`,
          )
          .join('')}</trt:GetVideoSourcesResponse>`;
      case 'GetStreamUri': {
        const channel = this.channelOf(body);
        const uri = channel === null ? undefined : this.options.streams[channel - 1];
        if (uri === undefined) return null;
        return (
          `<trt:GetStreamUriResponse><trt:MediaUri><tt:Uri>${escapeXml(uri)}</tt:Uri><tt:InvalidAfterConnect>false</tt:InvalidAfterConnect>` +
          '<tt:InvalidAfterReboot>false</tt:InvalidAfterReboot><tt:Timeout>PT0S</tt:Timeout></trt:MediaUri></trt:GetStreamUriResponse>'
        );
      }
      case 'ContinuousMove':
      case 'Stop': {
        const channel = this.channelOf(body);
        if (channel === null) return null;
        const velocity: PtzVelocity =
          action === 'Stop'
            ? { ...ZERO }
            : {
                x: attr(body, 'PanTilt', 'x') ?? 0,
                y: attr(body, 'PanTilt', 'y') ?? 0,
                zoom: attr(body, 'Zoom', 'x') ?? 0,
              };
        const at = Date.now();
        this.heads[channel - 1] = { position: this.position(channel), velocity, since: at };
        this.moves.push({ channel, kind: action, velocity, at });
        return action === 'Stop' ? '<tptz:StopResponse/>' : '<tptz:ContinuousMoveResponse/>';
      }
      case 'GetStatus': {
        const channel = this.channelOf(body);
        if (channel === null) return null;
        const p = this.position(channel);
        const head = this.heads[channel - 1] as Head;
        const moving = (v: number) => (v === 0 ? 'IDLE' : 'MOVING');
        return (
          '<tptz:GetStatusResponse><tptz:PTZStatus><tt:Position>' +
          `<tt:PanTilt x="${p.x.toFixed(4)}" y="${p.y.toFixed(4)}" space="http://www.onvif.org/ver10/tptz/PanTiltSpaces/PositionGenericSpace"/>` +
          `<tt:Zoom x="${p.zoom.toFixed(4)}" space="http://www.onvif.org/ver10/tptz/ZoomSpaces/PositionGenericSpace"/></tt:Position>` +
          `<tt:MoveStatus><tt:PanTilt>${moving(head.velocity.x || head.velocity.y)}</tt:PanTilt><tt:Zoom>${moving(head.velocity.zoom)}</tt:Zoom></tt:MoveStatus>` +
          `<tt:UtcTime>${new Date().toISOString()}</tt:UtcTime></tptz:PTZStatus></tptz:GetStatusResponse>`
        );
      }
    }
  }
}
