import { describe, expect, it } from 'vitest';
import { approvalIdOf, approvalParams, consolePath, decisionProblem } from './approval-view';

describe('the approval centre', () => {
  it('keeps known filters only', () => {
    expect(approvalParams({ pageNum: 1, status: 'pending', kind: 'event-review', sortBy: 'x' })).toEqual({
      pageNum: 1,
      status: 'pending',
      kind: 'event-review',
    });
    expect(approvalParams({ status: 'maybe', kind: 'loan' })).toEqual({});
  });
  it('requires a reason to reject, not to approve', () => {
    expect(decisionProblem('reject', '  ')).toBe('驳回须填写说明');
    expect(decisionProblem('reject', '现场仍有扬尘')).toBeUndefined();
    expect(decisionProblem('approve', '')).toBeUndefined();
    expect(decisionProblem('approve', 'x'.repeat(501))).toContain('500');
  });
  it('links to the event inside the console, reads ids from the address', () => {
    expect(consolePath('/platform/grid-events?eventId=9')).toBe('/grid-events?eventId=9');
    expect(approvalIdOf('4')).toBe('4');
    expect(approvalIdOf('x')).toBeUndefined();
  });
});
