import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
    expect(c.TRUST_PROXY).toBe(true);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', ADMIN_PASSWORD: 'short' })).toThrow(
      /PORT[\s\S]*ADMIN_PASSWORD|ADMIN_PASSWORD[\s\S]*PORT/,
    );
    expect(() => loadConfig({ TZ_DISTRICT: 'Mars/Olympus' })).toThrow(/TZ_DISTRICT/);
  });
});
