import '../common/zod-messages';
import { z } from 'zod';
import { UnitScopeSchema } from '../area/unit-scope';
import { EmailSchema, PasswordSchema, PhoneSchema } from '../auth/auth.schemas';
import { normalisePermissions, PermissionSchema } from '../auth/permissions';
import { DB_ID_MAX } from '../common/ids';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { optionalText, TEXT_MAX } from '../common/text';

const required = () => z.string().trim().min(1).max(TEXT_MAX);
/** A permission list as stored: known values, `system` always included. */
const FunctionsSchema = z.array(PermissionSchema).max(20).transform(normalisePermissions);

export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(DB_ID_MAX) });

// ---------- groups ----------

export const GroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    desc: z.string().nullable(),
    functions: z.array(PermissionSchema),
    /** The units its members may see and change (#26); empty: every unit. */
    units: z.array(z.string()).default([]),
    memberCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Group' });
export type Group = z.infer<typeof GroupSchema>;

/** Group form (spec §5): name required max 255, description optional max 255, permissions multi-select. */
export const GroupBodySchema = z
  .object({
    name: required(),
    desc: optionalText(),
    functions: FunctionsSchema.default(['system']),
    units: UnitScopeSchema,
  })
  .meta({ id: 'GroupBody' });
export type GroupBody = z.input<typeof GroupBodySchema>;

export const GroupListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  keyword: z.string().trim().max(TEXT_MAX).optional(),
});
export type GroupListQuery = z.infer<typeof GroupListQuerySchema>;
export const GroupPageSchema = pageOf(GroupSchema).meta({ id: 'GroupPage' });
export type GroupPage = z.infer<typeof GroupPageSchema>;

// ---------- users ----------

export const UserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    verified: z.boolean(),
    groupId: z.number().int().nullable(),
    groupName: z.string().nullable(),
    functions: z.array(PermissionSchema),
    /** Its own units (#26); empty: its group's, else every unit. */
    units: z.array(z.string()).default([]),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

const optionalPhone = () =>
  z
    .union([z.literal(''), z.null(), PhoneSchema])
    .optional()
    .transform((v) => (v ? v : null));

/** New user (spec §5): name, email, group required; a first password is required to be able to sign in. */
export const UserCreateBodySchema = z
  .object({
    name: required(),
    email: EmailSchema,
    groupId: z.number().int().positive().max(DB_ID_MAX),
    password: PasswordSchema,
    phone: optionalPhone(),
    functions: FunctionsSchema.default(['system']),
    units: UnitScopeSchema,
  })
  .meta({ id: 'UserCreateBody' });
export type UserCreateBody = z.input<typeof UserCreateBodySchema>;

/** Edit user: the email cannot change; an empty password keeps the current one. */
export const UserUpdateBodySchema = z
  .object({
    name: required(),
    groupId: z.number().int().positive().max(DB_ID_MAX),
    password: z
      .union([z.literal(''), PasswordSchema])
      .optional()
      .transform((v) => (v ? v : undefined)),
    phone: optionalPhone(),
    functions: FunctionsSchema.default(['system']),
    units: UnitScopeSchema,
  })
  .meta({ id: 'UserUpdateBody' });
export type UserUpdateBody = z.input<typeof UserUpdateBodySchema>;

export const USER_SORT_FIELDS = ['name', 'email', 'group', 'phone', 'createdAt'] as const;
export const UserListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  /** Search by name (spec §2: "search box filtering by name"). */
  keyword: z.string().trim().max(TEXT_MAX).optional(),
  groupId: z.coerce.number().int().positive().max(DB_ID_MAX).optional(),
  sort: z.enum(USER_SORT_FIELDS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
export const UserPageSchema = pageOf(UserSchema).meta({ id: 'UserPage' });
export type UserPage = z.infer<typeof UserPageSchema>;

export const AuditCreateBodySchema = z.object({ content: required() }).meta({ id: 'AuditCreateBody' });
