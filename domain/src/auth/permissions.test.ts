import { describe, expect, it } from 'vitest';
import { applyGroupChange, isPermissionSubset, PERMISSION_LABELS, PERMISSIONS } from './permissions';

describe('permissions of #18', () => {
  it('adds sms, feedback and warning after the six of the specification, with Vietnamese labels', () => {
    expect(PERMISSIONS.slice(6)).toEqual(['sms', 'feedback', 'warning']);
    expect(PERMISSION_LABELS.warning.vi).toBe('Phát cảnh báo');
    expect(PERMISSION_LABELS.sms.vi).toBe('Cảnh báo SMS');
    expect(PERMISSION_LABELS.feedback.vi).toBe('Góp ý');
  });

  it('lets a manager grant only what it holds (system is everyone’s)', () => {
    expect(isPermissionSubset(['system', 'news'], ['user', 'news'])).toBe(true);
    expect(isPermissionSubset(['news', 'database'], ['system', 'user', 'news'])).toBe(false);
    expect(isPermissionSubset([], ['system'])).toBe(true);
  });

  it('applies a group change to a member: removed taken, added given, the member’s own kept', () => {
    expect(applyGroupChange(['system', 'news', 'database', 'analyze'], ['news', 'database'], ['news'])).toEqual([
      'analyze',
      'system',
      'news',
    ]);
    expect(applyGroupChange(['system'], ['news'], ['news', 'sms'])).toEqual(['system', 'sms']);
    // system is never taken away.
    expect(applyGroupChange(['system', 'user'], ['system', 'user'], [])).toEqual(['system']);
  });
});
