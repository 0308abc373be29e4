import {
  type AuditPage,
  AuditPageSchema,
  type Group,
  type GroupBody,
  type GroupPage,
  GroupPageSchema,
  GroupSchema,
  MAX_PAGE_SIZE,
  type User,
  type UserCreateBody,
  type UserListQuery,
  type UserPage,
  UserPageSchema,
  UserSchema,
  type UserUpdateBody,
} from '@flood/domain';
import { api } from '../../../lib/api/client';

/** Query keys of the users feature: every list of a kind sits under its root, so one invalidation refreshes it. */
export const usersKeys = {
  groups: ['users', 'groups'] as const,
  groupList: (q: ListQuery) => ['users', 'groups', 'list', q] as const,
  allGroups: ['users', 'groups', 'all'] as const,
  users: ['users', 'users'] as const,
  userList: (q: Partial<UserListQuery>) => ['users', 'users', 'list', q] as const,
  audit: ['users', 'audit'] as const,
  auditList: (q: ListQuery) => ['users', 'audit', 'list', q] as const,
};

export interface ListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// ---------- groups ----------

export async function fetchGroups(q: ListQuery): Promise<GroupPage> {
  return GroupPageSchema.parse(await api.get(`/group${query({ ...q })}`));
}

/** Every group, for the user form's group select. */
export async function fetchAllGroups(): Promise<Group[]> {
  return (await fetchGroups({ page: 1, pageSize: MAX_PAGE_SIZE })).items;
}

export async function createGroup(body: GroupBody): Promise<Group> {
  return GroupSchema.parse(await api.post('/group', body, { errorHandling: 'no-toast' }));
}

export async function updateGroup(id: number, body: GroupBody): Promise<Group> {
  return GroupSchema.parse(await api.put(`/group/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteGroup(id: number): Promise<void> {
  await api.delete(`/group/${id}`, { errorHandling: 'no-toast' });
}

// ---------- users ----------

export async function fetchUsers(q: Partial<UserListQuery>): Promise<UserPage> {
  return UserPageSchema.parse(await api.get(`/user${query({ ...q })}`));
}

export async function createUser(body: UserCreateBody): Promise<User> {
  return UserSchema.parse(await api.post('/user', body, { errorHandling: 'no-toast' }));
}

export async function updateUser(id: number, body: UserUpdateBody): Promise<User> {
  return UserSchema.parse(await api.put(`/user/${id}`, body, { errorHandling: 'no-toast' }));
}

export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/user/${id}`, { errorHandling: 'no-toast' });
}

// ---------- audit ----------

export async function fetchAudit(q: ListQuery): Promise<AuditPage> {
  return AuditPageSchema.parse(await api.get(`/audit${query({ ...q })}`));
}
