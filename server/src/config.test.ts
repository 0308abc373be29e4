import { describe, expect, it } from 'vitest';
import { receiptProfileOf, vapidSubjectOf } from './app/gateways';
import { loadConfig } from './config';
import { zaloEnabled } from './config-channels';
import { createVapidKeys } from './lib/channels/push.gateway';

describe('loadConfig', () => {
  it('has safe defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      ADMIN_EMAIL: 'admin@portal.local',
      TZ_DISTRICT: 'Asia/Ho_Chi_Minh',
      SESSION_TTL_HOURS: 24,
      LOGIN_MAX_FAILURES: 5,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ADMIN_PASSWORD).toBeUndefined();
  });

  it('reads and coerces variables, treating empty ones as unset', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h:5432/d',
      ADMIN_PASSWORD: '',
      TRUST_PROXY: 'true',
    });
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe('postgres://u@h:5432/d');
    expect(c.ADMIN_PASSWORD).toBeUndefined();
    expect(c.TRUST_PROXY).toBe(1);
  });

  it('reads TRUST_PROXY as off, a hop count (true = 1) or a list of proxy addresses, never "trust all" (#18)', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.local' })).toThrow(/TRUST_PROXY[\s\S]*nginx\.local/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', ADMIN_PASSWORD: 'short' })).toThrow(
      /PORT[\s\S]*ADMIN_PASSWORD|ADMIN_PASSWORD[\s\S]*PORT/,
    );
    expect(() => loadConfig({ TZ_DISTRICT: 'Mars/Olympus' })).toThrow(/TZ_DISTRICT/);
  });

  it('reads the channels of #24 with safe defaults: SMS profile and receipts, push, Zalo off', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      SMS_HTTP_FORMAT: 'json',
      SMS_HTTP_OK_VALUES: [],
      PUSH_TTL_SECONDS: 21_600,
      ZALO_TIMEOUT_MS: 10_000,
      ZALO_API_URL: 'https://business.openapi.zalo.me/message/template',
      ZALO_OAUTH_URL: 'https://oauth.zaloapp.com/v4/oa/access_token',
    });
    expect(c.SMS_RECEIPT_TOKEN).toBeUndefined();
    expect(c.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(receiptProfileOf(c)).toEqual({
      idField: 'id',
      statusField: 'status',
      deliveredValues: ['DELIVERED', 'delivered', 'DELIVRD', '1'],
      reasonField: 'reason',
    });
    expect(vapidSubjectOf(c)).toBe('mailto:admin@portal.local');
    expect(zaloEnabled(c)).toBe(false);

    const keys = createVapidKeys();
    const set = loadConfig({
      SMS_HTTP_FORMAT: 'xml',
      SMS_HTTP_ID_PATH: 'data.msgId',
      SMS_HTTP_OK_PATH: 'CodeResult',
      SMS_HTTP_OK_VALUES: '100, 0',
      SMS_RECEIPT_DELIVERED_VALUES: 'DELIVRD',
      SMS_RECEIPT_TOKEN: 'a-long-enough-token-1234',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://canhbao.example.vn/lien-he',
      ZALO_APP_ID: '4321',
      ZALO_SECRET_KEY: 'secret',
      ZALO_TEMPLATE_ID: '301234',
      ZALO_REFRESH_TOKEN: 'refresh',
    });
    expect(set.SMS_HTTP_OK_VALUES).toEqual(['100', '0']);
    expect(receiptProfileOf(set).deliveredValues).toEqual(['DELIVRD']);
    expect(vapidSubjectOf(set)).toBe('https://canhbao.example.vn/lien-he');
    expect(zaloEnabled(set)).toBe(true);
  });

  it('refuses channel variables that do not fit together or are malformed', () => {
    expect(() => loadConfig({ SMS_HTTP_OK_PATH: 'CodeResult' })).toThrow(/SMS_HTTP_OK_VALUES/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: createVapidKeys().publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@portal.local' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ SMS_RECEIPT_TOKEN: 'short' })).toThrow(/SMS_RECEIPT_TOKEN/);
    expect(() => loadConfig({ SMS_HTTP_ID_PATH: 'data[0]' })).toThrow(/SMS_HTTP_ID_PATH/);
    expect(() => loadConfig({ ZALO_APP_ID: '4321', ZALO_SECRET_KEY: 'secret' })).toThrow(
      /ZALO_TEMPLATE_ID, ZALO_REFRESH_TOKEN/,
    );
  });
});
