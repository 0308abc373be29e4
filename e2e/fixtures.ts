/** Accounts the e2e server seeds before the browser tests run (e2e/server.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const ADMIN = { email: 'admin@e2e.local', password: 'Quan-tri-e2e-2026', name: 'Quản trị hệ thống' };
/** One account per test that changes its own state, so tests do not disturb each other. */
export const STAFF = {
  signOut: { email: 'dang.xuat@e2e.local', password: 'Mat-khau-e2e-2026', name: 'Vũ Văn Xuất' },
  usersOnly: { email: 'nguoi.dung@e2e.local', password: 'Mat-khau-e2e-2026', name: 'Đỗ Thị Dùng' },
} as const;
