import { describe, expect, it } from 'vitest';
import { chinaTime } from '../time';
import { asciiToBytes } from './ascii';
import {
  buildDataPacket,
  commandName,
  DATA_UPLOAD_COMMANDS,
  dataAnswer,
  HJ212_CN,
  HJ212_COMMANDS,
  HJ212_SYSTEMS,
  isDataUploadCommand,
  isKeepalive,
  systemName,
  timeSetCommand,
} from './commands';
import { type Hj212FactorInput, parseDataCp } from './cp';
import { decodeFrame, encodeFrame } from './frame';
import { Hj212FrameReader } from './reader';
import { type Hj212Packet, parseSegment } from './segment';

const MN = '010000A8900016F000169DC0';
const T = chinaTime(2016, 8, 1, 8, 58, 57);

function packet(segment: string): Hj212Packet {
  const result = parseSegment(segment);
  if (!result.ok) throw new Error(result.message);
  return result.packet;
}

function segmentOf(frame: string): string {
  const decoded = decodeFrame(frame);
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.segment;
}

describe('code tables', () => {
  it('names commands and systems in Chinese', () => {
    expect(commandName('2011')).toBe('取/上传污染物实时数据');
    expect(commandName('9014')).toBe('数据应答');
    expect(commandName('1013')).toBe('现场机时间校准请求');
    expect(commandName('9999')).toBeUndefined();
    expect(commandName('constructor')).toBeUndefined();
    expect(systemName('22')).toBe('空气质量监测');
    expect(systemName('31')).toBe('大气环境污染源');
    expect(systemName('91')).toBe('系统交互');
    expect(systemName('A0')).toBeUndefined();
  });

  it('covers every named code in the table', () => {
    for (const cn of Object.values(HJ212_CN)) expect(Object.keys(HJ212_COMMANDS)).toContain(cn);
    for (const cn of DATA_UPLOAD_COMMANDS) expect(isDataUploadCommand(cn)).toBe(true);
    expect(isDataUploadCommand('9014')).toBe(false);
    expect(Object.keys(HJ212_SYSTEMS)).toHaveLength(20);
  });

  it('treats a packet with an empty CP as a keepalive', () => {
    expect(isKeepalive(packet(`ST=22;CN=2011;PW=1;MN=${MN};Flag=4;CP=&&&&`))).toBe(true);
    expect(isKeepalive(packet(`ST=22;CN=2011;PW=1;MN=${MN};Flag=4;CP=&&DataTime=20160801085857&&`))).toBe(false);
  });
});

describe('dataAnswer (9014)', () => {
  const upload = packet(
    `QN=20160801085857223;ST=22;CN=2011;PW=100000;MN=${MN};Flag=5;CP=&&DataTime=20160801085857;a34004-Rtd=35.2,a34004-Flag=N&&`,
  );

  it('echoes QN, PW and MN with ST=91, CN=9014, Flag=4 and an empty CP', () => {
    const frame = dataAnswer(upload, T + 3600);
    expect(segmentOf(frame)).toBe(`QN=20160801085857223;ST=91;CN=9014;PW=100000;MN=${MN};Flag=4;CP=&&&&`);
    expect(frame).toBe(encodeFrame(segmentOf(frame)));
    expect(frame.endsWith('\r\n')).toBe(true);
    const answer = packet(segmentOf(frame));
    expect(answer.needsAnswer).toBe(false);
  });

  it('makes a QN from the clock when the upload had none', () => {
    const noQn = packet(`ST=22;CN=2011;PW=100000;MN=${MN};Flag=5;CP=&&&&`);
    expect(segmentOf(dataAnswer(noQn, T + 0.5))).toBe(
      `QN=20160801085857500;ST=91;CN=9014;PW=100000;MN=${MN};Flag=4;CP=&&&&`,
    );
  });
});

describe('timeSetCommand (1012)', () => {
  it('sets the device clock to China time, asking for an answer', () => {
    const request = packet(`QN=20160801080000000;ST=32;CN=1013;PW=100000;MN=${MN};Flag=5;CP=&&&&`);
    expect(segmentOf(timeSetCommand(request, T + 0.223))).toBe(
      `QN=20160801085857223;ST=32;CN=1012;PW=100000;MN=${MN};Flag=5;CP=&&SystemTime=20160801085857&&`,
    );
  });

  it('names the instrument when the request did', () => {
    const request = packet(`QN=20160801080000000;ST=32;CN=1013;PW=100000;MN=${MN};Flag=5;CP=&&PolId=w01018&&`);
    expect(segmentOf(timeSetCommand(request, T))).toBe(
      `QN=20160801085857000;ST=32;CN=1012;PW=100000;MN=${MN};Flag=5;CP=&&PolId=w01018;SystemTime=20160801085857&&`,
    );
  });
});

describe('buildDataPacket', () => {
  it('writes a 2017 data upload that asks for an answer, QN from the data time', () => {
    expect(
      buildDataPacket({
        st: '22',
        cn: '2011',
        pw: '100000',
        mn: MN,
        dataTime: T,
        values: [{ factor: 'a34004', rtd: 35.2, flag: 'N' }],
      }),
    ).toBe(
      `QN=20160801085857000;ST=22;CN=2011;PW=100000;MN=${MN};Flag=5;CP=&&DataTime=20160801085857;a34004-Rtd=35.2,a34004-Flag=N&&`,
    );
  });

  it('takes an explicit flag and QN', () => {
    const segment = buildDataPacket({
      st: '22',
      cn: '2051',
      pw: '1',
      mn: 'M1',
      dataTime: T,
      values: [{ factor: 'a34004', avg: 1 }],
      flag: 4,
      qn: '20160801085857999',
    });
    expect(segment.startsWith('QN=20160801085857999;ST=22;CN=2051;PW=1;MN=M1;Flag=4;')).toBe(true);
  });

  const factorsByCommand: Record<string, Hj212FactorInput[]> = {
    // Real-time: Rtd and flag.
    '2011': [
      { factor: 'a34004', rtd: 35.2, flag: 'N' },
      { factor: 'a34002', rtd: 61, flag: 'N' },
      { factor: 'a21026', rtd: 8.5, flag: 'C', extra: { ZsRtd: '9.1' } },
    ],
    // Minute, hour, day: Cou/Min/Avg/Max and flag.
    '2051': [{ factor: 'a34004', avg: 35.2, min: 30, max: 40.5, flag: 'N' }],
    '2061': [
      { factor: 'a34004', avg: 35.2, min: 30, max: 40.5, cou: 0.0352, flag: 'N' },
      { factor: 'a05024', avg: 120, min: 100, max: 160, flag: 'T' },
    ],
    '2031': [{ factor: 'w01018', cou: 1234.5, min: 10.1, avg: 20.2, max: 30.3, flag: 'D' }],
    // Daily run time: per-factor RT.
    '2041': [
      { factor: 'a34004', extra: { RT: '23.5' } },
      { factor: 'a21026', extra: { RT: '24' } },
    ],
  };

  it.each(DATA_UPLOAD_COMMANDS)('round-trips CN=%s: build → encode → read → parse', (cn) => {
    const values = factorsByCommand[cn] ?? [];
    const frame = encodeFrame(buildDataPacket({ st: '22', cn, pw: '100000', mn: MN, dataTime: T, values }));
    const events = new Hj212FrameReader().push(asciiToBytes(frame));
    expect(events).toHaveLength(1);
    const event = events[0];
    if (event?.type !== 'frame') throw new Error('expected a frame');
    const p = packet(event.segment);
    expect(p).toMatchObject({ cn, st: '22', mn: MN, needsAnswer: true, split: false });
    const cp = parseDataCp(p.cp);
    if (!cp.ok) throw new Error(cp.message);
    expect(cp.data.dataTime).toBe(T);
    expect(cp.data.values).toEqual(values.map((v) => ({ ...v, extra: v.extra ?? {} })));
  });
});
