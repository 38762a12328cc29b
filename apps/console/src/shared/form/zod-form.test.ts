import { modifyPasswordBody, operatorCreateBody, signInBody } from '@lantian/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors, parseForm, zodRule } from './zod-form';

/** The console checks forms with the server's own schemas: these are the same rules, read for a form. */
describe('zod form adapter', () => {
  const check = async (rule: ReturnType<typeof zodRule>, value: unknown) => {
    if (typeof rule !== 'object' || rule.validator === undefined) throw new Error('not a validator rule');
    try {
      await rule.validator({}, value, () => {});
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('checks one field with its schema, in the schema’s Chinese words', async () => {
    const username = zodRule(operatorCreateBody, 'username');
    expect(await check(username, 'zhang.wei')).toBeNull();
    expect(await check(username, '9abc')).toContain('以字母开头');
    expect(await check(username, '')).toBe('此项不能为空');
    expect(await check(zodRule(signInBody, 'validateCode'), 'K7XP')).toBeNull();
  });

  it('refuses a field the schema does not have (a typo in a form)', () => {
    expect(() => zodRule(signInBody, 'pasword')).toThrow(/pasword/);
  });

  it('checks the whole body, including rules across fields, and puts each issue on its field', () => {
    const result = parseForm(operatorCreateBody, {
      username: 'zhang.wei',
      name: '张伟',
      password: 'zhang.wei',
      orgId: 'x',
      roleIds: [],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const fields = result.errors.map((e) => e.name[0]);
    expect(fields).toContain('password');
    expect(fields).toContain('orgId');
  });

  it('accepts a valid body and gives the parsed data', () => {
    const result = parseForm(modifyPasswordBody, {
      oldPassword: 'Old#Pass123',
      newPassword: 'New#Pass123',
      confirmPassword: 'New#Pass123',
    });
    expect(result).toEqual({
      ok: true,
      data: { oldPassword: 'Old#Pass123', newPassword: 'New#Pass123', confirmPassword: 'New#Pass123' },
    });
  });

  it('groups issues by field and keeps body-wide ones only when told where', () => {
    const issues = [
      { path: ['roleIds', 0], message: '不是有效的编号' },
      { path: ['roleIds', 1], message: '不是有效的编号' },
      { path: [], message: '整体错误' },
    ];
    expect(fieldErrors(issues)).toEqual([{ name: ['roleIds'], errors: ['不是有效的编号'] }]);
    expect(fieldErrors(issues, 'name')).toContainEqual({ name: ['name'], errors: ['整体错误'] });
  });
});
