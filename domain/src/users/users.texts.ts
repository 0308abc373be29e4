// User and group texts without the schemas (and zod): the app shell's message catalogue imports them at start-up.

/** Refusal text when deleting a group that still has members (spec §8). */
export const GROUP_HAS_MEMBERS = 'Có thành viên trong nhóm, không thể xoá!';
