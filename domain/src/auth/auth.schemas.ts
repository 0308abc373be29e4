import '../common/zod-messages';
import { z } from 'zod';
import { TEXT_MAX } from '../common/text';
import { PermissionSchema } from './permissions';

/** New passwords are at least this long (issue #2, security). */
export const PASSWORD_MIN = 8;
/** Phone verification codes have six digits (spec §4). */
export const PHONE_CODE_LENGTH = 6;

const trimmed = (max = TEXT_MAX) => z.string().trim().max(max);
const required = (max = TEXT_MAX) => trimmed(max).min(1);

/** Vietnamese mobile numbers as people type them: 0xxxxxxxxx or +84xxxxxxxxx, spaces and dots ignored. */
export const PhoneSchema = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .transform((s) => s.replace(/[\s.-]/g, ''))
  .pipe(z.string().regex(/^(\+?84|0)\d{9,10}$/, { message: 'Số điện thoại không hợp lệ' }));

export const EmailSchema = z
  .string()
  .trim()
  .max(TEXT_MAX)
  .transform((s) => s.toLowerCase())
  .pipe(z.email({ message: 'Email không hợp lệ' }));

export const LoginBodySchema = z
  .object({
    email: EmailSchema,
    password: z.string().min(1).max(TEXT_MAX),
    /** The ALTCHA payload produced by the verification widget (base64 JSON). */
    altcha: z.string().min(1).max(4096),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.input<typeof LoginBodySchema>;

export const UserDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    verified: z.boolean(),
    groupId: z.number().int().nullable(),
    functions: z.array(PermissionSchema),
    /** The built-in system account (#24: the only one that reads subscribers' numbers); absent = false. */
    system: z.boolean().optional(),
    /** The units the account works with (#26: its own, else its group's); empty or absent: every unit. */
    units: z.array(z.string()).optional(),
  })
  .meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** What the browser keeps in local storage as the current user (spec §3). */
export const LoginResponseSchema = z
  .object({
    token: z.string(),
    id: z.number().int(),
    expiresAt: z.string(),
    userDetail: UserDetailSchema,
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** A new password: trimmed, 8 to 255 characters. */
export const PasswordSchema = trimmed().min(PASSWORD_MIN, {
  message: `Mật khẩu phải có ít nhất ${PASSWORD_MIN} ký tự`,
});

export const ChangePasswordBodySchema = z
  .object({
    oldPassword: required(),
    newPassword: trimmed().min(PASSWORD_MIN, { message: `Mật khẩu mới phải có ít nhất ${PASSWORD_MIN} ký tự` }),
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** The form adds a confirmation that must equal the new password (spec §5). */
export const ChangePasswordFormSchema = ChangePasswordBodySchema.extend({ confirmPassword: required() }).refine(
  (v) => v.confirmPassword === v.newPassword,
  { path: ['confirmPassword'], message: 'Mật khẩu xác nhận không khớp' },
);

export const ProfileBodySchema = z.object({ name: required(), phone: PhoneSchema }).meta({ id: 'ProfileBody' });
export type ProfileBody = z.infer<typeof ProfileBodySchema>;

export const ConfirmPhoneBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'Mã xác thực gồm 6 chữ số' }),
  })
  .meta({ id: 'ConfirmPhoneBody' });
export type ConfirmPhoneBody = z.infer<typeof ConfirmPhoneBodySchema>;

export const OkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** ALTCHA challenge as the widget fetches it; opaque to the web. */
export const AltchaChallengeSchema = z.record(z.string(), z.unknown());
