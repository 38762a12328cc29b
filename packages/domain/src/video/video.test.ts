import { describe, expect, it } from 'vitest';
import { ptzAdvance, ptzVelocity, relayBackoffSeconds, relayFailureReason } from './index';

describe('ptzVelocity', () => {
  it('maps the spec commands to ONVIF generic velocities (+x right, +y up, +zoom in)', () => {
    expect(ptzVelocity('up')).toEqual({ x: 0, y: 0.5, zoom: 0 });
    expect(ptzVelocity('left')).toEqual({ x: -0.5, y: 0, zoom: 0 });
    expect(ptzVelocity('downright', 1)).toEqual({ x: 1, y: -1, zoom: 0 });
    expect(ptzVelocity('zoomout')).toEqual({ x: 0, y: 0, zoom: -0.5 });
  });
  it('stop is all zeros (never -0) and unknown commands have no velocity', () => {
    expect(Object.is(ptzVelocity('stop')?.x, 0)).toBe(true);
    expect(ptzVelocity('spin')).toBeUndefined();
  });
  it('keeps the speed within [0, 1]', () => {
    expect(ptzVelocity('right', 3)?.x).toBe(1);
  });
});

describe('ptzAdvance', () => {
  const at = { x: 0, y: 0, zoom: 0 };
  it('moves by velocity × time', () => {
    expect(ptzAdvance(at, { x: 0.5, y: 0, zoom: 0 }, 1)).toEqual({ x: 0.25, y: 0, zoom: 0 });
  });
  it('wraps pan and clamps tilt and zoom', () => {
    const p = ptzAdvance({ x: 0.9, y: 0.9, zoom: 0.9 }, { x: 1, y: 1, zoom: 1 }, 1);
    expect(p.x).toBeCloseTo(-0.6);
    expect(p.y).toBe(1);
    expect(p.zoom).toBe(1);
  });
});

describe('relay rules', () => {
  it('backs off 1, 2, 4 … seconds up to the cap', () => {
    expect([1, 2, 3, 4, 7].map((n) => relayBackoffSeconds(n))).toEqual([1, 2, 4, 8, 30]);
    expect(relayBackoffSeconds(0)).toBe(0);
  });
  it('explains the usual failures in Chinese', () => {
    expect(relayFailureReason('[tcp @ 0x1] Connection to tcp://127.0.0.1:1 failed: Connection refused')).toContain(
      '拒绝连接',
    );
    expect(relayFailureReason('method DESCRIBE failed: 404 Not Found')).toContain('通道');
    expect(relayFailureReason('something else')).toBe('视频流中断');
  });
});
