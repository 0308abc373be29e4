import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Permission } from '@flood/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate';
import { bearer, createTestApp, createUser, login, type TestContext } from '../../test/test-app';
import { auditLogs } from '../audit/audit.table';
import { groups } from '../groups/groups.table';
import { users } from './users.table';

/**
 * #18: every account holds `system`, so the SMS back office and the feedback list (citizens' names, phones and
 * addresses) moved behind `sms` and `feedback`; the migration gives them to the administrators of the day.
 */
let ctx: TestContext;
let newsEditor: Record<string, string>;
let smsStaff: Record<string, string>;
let feedbackStaff: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '10000' });
  const signIn = async (functions: Permission[]) => {
    const { user, password } = await createUser(ctx.db, { functions });
    return bearer((await login(ctx.app, user.email, password)).token);
  };
  newsEditor = await signIn(['system', 'news']);
  smsStaff = await signIn(['system', 'sms']);
  feedbackStaff = await signIn(['system', 'feedback']);
});
afterAll(() => ctx?.close());

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('SMS alerts and feedback behind their own permissions', () => {
  it('refuses a news-only editor the SMS templates, recipients, send history and the feedback list', async () => {
    const templates = (await call('GET', '/api/sms-template', smsStaff)).json();
    const calls = [
      call('GET', '/api/sms-template', newsEditor),
      call('PUT', `/api/sms-template/${templates[0].id}`, newsEditor, { template: 'LU %s cap %d %.2f m' }),
      call('GET', '/api/sms-user', newsEditor),
      call('POST', '/api/sms-user', newsEditor, { name: 'Kẻ gian', phone: '0911000111' }),
      call('DELETE', '/api/sms-user/1', newsEditor),
      call('GET', '/api/sms-history', newsEditor),
      call('GET', '/api/feedback', newsEditor),
      call('DELETE', '/api/feedback/1', newsEditor),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    // Each permission opens its own pages only.
    expect((await call('GET', '/api/feedback', smsStaff)).statusCode).toBe(403);
    expect((await call('GET', '/api/sms-user', feedbackStaff)).statusCode).toBe(403);
    expect((await call('GET', '/api/feedback', feedbackStaff)).statusCode).toBe(200);
    expect((await call('GET', '/api/sms-history', smsStaff)).statusCode).toBe(200);
  });

  it('audits a template change with its code and name (#18)', async () => {
    const [flood] = (await call('GET', '/api/sms-template', smsStaff)).json();
    const res = await call('PUT', `/api/sms-template/${flood.id}`, smsStaff, { template: flood.template });
    expect(res.statusCode, res.body).toBe(200);
    const [last] = await ctx.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
    expect(last?.content).toBe('Cập nhật mẫu tin nhắn FLOOD_WARNING (Cảnh báo lũ)');
  });
});

describe('the migration that adds them', () => {
  /** The data statements of the migration, run again on rows as they were before it (they are idempotent). */
  const dataStatements = () =>
    readFileSync(path.join(migrationsFolder(), '0012_audit_source_sms_feedback_permissions.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /UPDATE/.test(s));

  it('gives sms and feedback to the system account and to holders of user (accounts and groups), only', async () => {
    const admin = await createUser(ctx.db, { functions: ['system', 'user', 'news'] });
    const editor = await createUser(ctx.db, { functions: ['system', 'news'] });
    const [system] = await ctx.db
      .insert(users)
      .values({ name: 'Hệ thống', email: `he.thong.${Date.now()}@bache.local`, passwordHash: 'x', isSystem: false })
      .returning();
    await ctx.db
      .update(users)
      .set({ functions: ['system'], isSystem: true })
      .where(eq(users.id, system!.id));
    const [adminGroup] = await ctx.db
      .insert(groups)
      .values({ name: 'Quản trị', functions: ['system', 'user'] })
      .returning();
    const [newsGroup] = await ctx.db
      .insert(groups)
      .values({ name: 'Tin tức', functions: ['system', 'news'] })
      .returning();

    const statements = dataStatements();
    expect(statements).toHaveLength(4);
    for (const statement of [...statements, ...statements]) await ctx.db.execute(sql.raw(statement));

    const fn = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]?.functions;
    const gfn = async (id: number) => (await ctx.db.select().from(groups).where(eq(groups.id, id)))[0]?.functions;
    expect(await fn(admin.user.id)).toEqual(['system', 'user', 'news', 'sms', 'feedback']);
    expect(await fn(system!.id)).toEqual(['system', 'sms', 'feedback']);
    expect(await fn(editor.user.id)).toEqual(['system', 'news']);
    expect(await gfn(adminGroup!.id)).toEqual(['system', 'user', 'sms', 'feedback']);
    expect(await gfn(newsGroup!.id)).toEqual(['system', 'news']);
    await ctx.db.update(users).set({ isSystem: false }).where(eq(users.id, system!.id));
  });
});
