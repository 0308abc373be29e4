import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageAfterDelete, shouldShowPager } from '../common/pagination';
import {
  ChangePasswordBodySchema,
  ChangePasswordFormSchema,
  ConfirmPhoneBodySchema,
  LoginBodySchema,
  PhoneSchema,
  ProfileBodySchema,
} from './auth.schemas';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('login', () => {
  it('requires email, password and the human check; lower-cases the email', () => {
    expect(messages(LoginBodySchema.safeParse({}))).toEqual({
      email: 'Trường bắt buộc',
      password: 'Trường bắt buộc',
      altcha: 'Trường bắt buộc',
    });
    const ok = LoginBodySchema.parse({ email: ' Can.Bo@BaChe.Local ', password: 'x', altcha: 'p' });
    expect(ok.email).toBe('can.bo@bache.local');
  });
});

describe('change password', () => {
  it('trims, needs 8 characters for the new one and at most 255', () => {
    expect(messages(ChangePasswordBodySchema.safeParse({ oldPassword: ' ', newPassword: 'abc' }))).toEqual({
      oldPassword: 'Trường bắt buộc',
      newPassword: 'Mật khẩu mới phải có ít nhất 8 ký tự',
    });
    expect(messages(ChangePasswordBodySchema.safeParse({ oldPassword: 'a', newPassword: 'x'.repeat(256) }))).toEqual({
      newPassword: 'Tối đa 255 ký tự',
    });
    expect(ChangePasswordBodySchema.parse({ oldPassword: ' a ', newPassword: ' 12345678 ' })).toEqual({
      oldPassword: 'a',
      newPassword: '12345678',
    });
  });

  it('the form needs the confirmation to equal the new password', () => {
    const r = ChangePasswordFormSchema.safeParse({
      oldPassword: 'a',
      newPassword: '12345678',
      confirmPassword: '1234567',
    });
    expect(messages(r)).toEqual({ confirmPassword: 'Mật khẩu xác nhận không khớp' });
    expect(
      ChangePasswordFormSchema.safeParse({ oldPassword: 'a', newPassword: '12345678', confirmPassword: ' 12345678' })
        .success,
    ).toBe(true);
  });
});

describe('profile and phone', () => {
  it('accepts Vietnamese mobile numbers as typed and normalises them', () => {
    expect(PhoneSchema.parse('0912 345 678')).toBe('0912345678');
    expect(PhoneSchema.parse('+84912345678')).toBe('+84912345678');
    expect(PhoneSchema.safeParse('12345').success).toBe(false);
    expect(PhoneSchema.safeParse('09123456ab').success).toBe(false);
  });

  it('requires name and phone', () => {
    expect(messages(ProfileBodySchema.safeParse({ name: '', phone: '' }))).toMatchObject({ name: 'Trường bắt buộc' });
  });

  it('codes have six digits', () => {
    expect(ConfirmPhoneBodySchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(messages(ConfirmPhoneBodySchema.safeParse({ code: '12345' }))).toEqual({ code: 'Mã xác thực gồm 6 chữ số' });
  });
});

describe('pagination rules', () => {
  it('shows the pager only past one page', () => {
    expect(shouldShowPager(PAGE_SIZE, PAGE_SIZE)).toBe(false);
    expect(shouldShowPager(PAGE_SIZE + 1, PAGE_SIZE)).toBe(true);
  });

  it('steps back a page when the last row of the last page is deleted', () => {
    expect(pageAfterDelete(3, 20, 10)).toBe(2);
    expect(pageAfterDelete(3, 21, 10)).toBe(3);
    expect(pageAfterDelete(1, 0, 10)).toBe(1);
  });
});
