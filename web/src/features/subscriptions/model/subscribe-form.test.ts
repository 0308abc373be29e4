import { SubscribeBodySchema } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { subscriptionsEn } from '../i18n/en';
import { subscriptionsVi } from '../i18n/vi';
import { COMMUNES } from '../subscriptions.fixtures';
import { communeAt } from './locate';
import { applicationServerKeyOf } from './push';
import { waitSecondsOf } from './resend-wait';
import { ALTCHA_MISSING, bodyOf, checkSubscribe, fieldOf, INITIAL_VALUES, KNOWN_MESSAGES } from './subscribe-form';
import { tokenFromHash } from './token-store';

/** A text of the tables by its dotted key ('subscriptions.errors.noChannel'). */
const textOf = (table: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], table);

describe('the sign-up form model', () => {
  it("says the domain's messages in the same Vietnamese words, and has each in English", () => {
    for (const [message, key] of Object.entries(KNOWN_MESSAGES)) {
      expect(textOf(subscriptionsVi, key), key).toBe(message);
      expect(typeof textOf(subscriptionsEn, key), key).toBe('string');
    }
    // Every message the schema gives for an empty sign-up is known.
    const empty = SubscribeBodySchema.safeParse({ communes: [], kinds: [], channels: [], altcha: 'x' });
    for (const issue of empty.error?.issues ?? []) expect(KNOWN_MESSAGES[issue.message], issue.message).toBeTruthy();
  });

  it("checks with the domain's schema, leaving the push to its step and naming the missing human check", () => {
    const issues = checkSubscribe({ ...INITIAL_VALUES, communes: ['06973'], channels: ['push', 'email'] }, null, 'vi');
    expect(issues.sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'altcha', message: ALTCHA_MISSING },
      { field: 'email', message: 'Nhập địa chỉ thư điện tử' },
    ]);
    expect(checkSubscribe({ ...INITIAL_VALUES, communes: ['06973'], channels: ['push'] }, 'p', 'vi')).toEqual([]);
  });

  it('sends only the addresses of the chosen channels, and the consent only with Zalo', () => {
    const values = {
      ...INITIAL_VALUES,
      channels: ['email' as const],
      phone: '0912',
      email: 'a@b.vn',
      zaloConsent: true,
    };
    expect(bodyOf(values, { altcha: 'p', push: null, language: 'en' })).toMatchObject({
      phone: null,
      email: 'a@b.vn',
      zaloConsent: false,
      language: 'en',
    });
  });

  it("names the page's fields from the server's paths", () => {
    expect(fieldOf('push.keys.auth')).toBe('push');
    expect(fieldOf('phone')).toBe('phone');
    expect(fieldOf('language')).toBeNull();
  });
});

describe('the small helpers of the subscriptions', () => {
  it("reads the token of a '#t=' fragment", () => {
    expect(tokenFromHash('#t=7ps.AbCd-_')).toBe('7ps.AbCd-_');
    expect(tokenFromHash('#t=a%2Bb')).toBe('a+b');
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#x=1')).toBeNull();
  });

  it("reads how long a 429's message asks to wait", () => {
    expect(waitSecondsOf('Vui lòng đợi 42 giây trước khi yêu cầu mã mới.')).toBe(42);
    expect(waitSecondsOf('Vui lòng thử lại sau 2 phút.')).toBe(120);
    expect(waitSecondsOf('Bạn thao tác quá nhiều lần, vui lòng thử lại sau')).toBe(60);
  });

  it('finds the commune holding a point, or none outside the district', () => {
    expect(communeAt(107.28, 21.27, COMMUNES)?.name).toBe('Thanh Sơn');
    expect(communeAt(107.3, 21.27, COMMUNES)?.name).toBe('Nam Sơn');
    expect(communeAt(106.5, 21.0, COMMUNES)).toBeNull();
  });

  it("turns the portal's base64url VAPID key into its bytes", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const base64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...applicationServerKeyOf(base64url)]).toEqual([...bytes]);
  });
});
