import { fileURLToPath } from 'node:url';

/** Accounts the e2e server seeds before the browser tests run (e2e/server.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The fake push service of the web push test (#24): the server may push to it (PUSH_EXTRA_ORIGINS). */
export const E2E_PUSH_PORT = E2E_PORT + 1;
export const ADMIN = { email: 'admin@e2e.local', password: 'Quan-tri-e2e-2026', name: 'Quản trị hệ thống' };
/** One account per test that changes its own state, so tests do not disturb each other. */
export const STAFF = {
  signOut: { email: 'dang.xuat@e2e.local', password: 'Mat-khau-e2e-2026', name: 'Vũ Văn Xuất' },
  usersOnly: { email: 'nguoi.dung@e2e.local', password: 'Mat-khau-e2e-2026', name: 'Đỗ Thị Dùng' },
} as const;

/**
 * The browser state (local storage with the `flood.currentUser` session) the `setup` project saves after
 * signing in once through the real login form (tests/auth.setup.ts). A spec that only needs to start signed in
 * uses it (`test.use({ storageState: SIGNED_IN.admin })`). Nobody signs out of these sessions: a test that
 * signs out, or changes the account, signs in on its own.
 */
export const SIGNED_IN = {
  admin: fileURLToPath(new URL('.auth/admin.json', import.meta.url)),
  usersOnly: fileURLToPath(new URL('.auth/users-only.json', import.meta.url)),
} as const;
