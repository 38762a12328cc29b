import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJobs } from './periodic';

describe('a module’s background jobs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs each job on its interval, logs a failed run and keeps going, and stops them all', async () => {
    const errors: Array<{ obj: object; msg: string }> = [];
    const jobs = new PeriodicJobs({ error: (obj, msg) => errors.push({ obj, msg }) });
    let runs = 0;
    let fails = 0;
    jobs.every(1_000, 'sweep failed', async () => {
      runs++;
    });
    jobs.every(3_000, 'flush failed', async () => {
      fails++;
      throw new Error('disk full');
    });
    await vi.advanceTimersByTimeAsync(6_000);
    expect(runs).toBe(6);
    expect(fails).toBe(2);
    expect(errors.map((e) => e.msg)).toEqual(['flush failed', 'flush failed']);
    expect(errors[0]?.obj).toMatchObject({ err: expect.objectContaining({ message: 'disk full' }) });
    jobs.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(6);
    expect(fails).toBe(2);
  });
});
