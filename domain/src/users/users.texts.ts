// User and group texts without the schemas (and zod): the app shell's message catalogue imports them at start-up.

/** Refusal text when deleting a group that still has members (spec §8). */
export const GROUP_HAS_MEMBERS = 'Có thành viên trong nhóm, không thể xoá!';

/** Refusal when a user manager grants (or takes away) a permission it does not hold itself (#18). */
export const PERMISSION_NOT_HELD = 'Không thể cấp hoặc bỏ quyền mà bạn không có';

/** Refusal when a user manager edits, resets or deletes an account (or group) with a permission it lacks (#18). */
export const ACCOUNT_ABOVE_ACTOR = 'Không thể thay đổi tài khoản hoặc nhóm có quyền mà bạn không có';
