import '../common/zod-messages';
import { z } from 'zod';
import { EmailSchema, PhoneSchema } from '../auth/auth.schemas';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { optionalText, TEXT_MAX } from '../common/text';
import {
  isValidSmsTemplate,
  SMS_HISTORY_STATUSES,
  SMS_TEMPLATE_INVALID,
  SMS_TEMPLATE_TYPES,
  smsTemplateExample,
  smsTemplateTooLong,
} from './sms-template';

export const SmsTemplateSchema = z
  .object({ id: z.number().int(), template: z.string(), type: z.enum(SMS_TEMPLATE_TYPES), createdAt: z.string() })
  .meta({ id: 'SmsTemplate' });
export type SmsTemplate = z.infer<typeof SmsTemplateSchema>;

export const SmsTemplateBodySchema = z
  .object({
    template: z
      .string()
      .trim()
      .min(1)
      .max(TEXT_MAX)
      .refine(isValidSmsTemplate, { message: SMS_TEMPLATE_INVALID })
      // One segment with the longest station name (#24): a second one costs twice and may arrive cut in two.
      .superRefine((text, ctx) => {
        const example = smsTemplateExample(text);
        if (example.segments > 1) ctx.addIssue({ code: 'custom', message: smsTemplateTooLong(example) });
      }),
  })
  .meta({ id: 'SmsTemplateBody' });

export const SmsRecipientSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** On the duty list (#22): an unacknowledged level II/III alert is sent to them again. */
    onDuty: z.boolean(),
    /** The communes (GSO codes) whose officers' warnings they receive (#23); empty: every commune. */
    communes: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'SmsRecipient' });
export type SmsRecipient = z.infer<typeof SmsRecipientSchema>;

/** Said when a recipient has neither a phone nor an e-mail: such a recipient would never be told anything. */
export const SMS_RECIPIENT_NO_CONTACT = 'Nhập số điện thoại hoặc e-mail để người nhận nhận được cảnh báo';

/**
 * Recipient form: every field max 255 (spec); name required; phone and e-mail checked when given, and at
 * least one of them given (the message is put on the phone field).
 */
export const SmsRecipientBodySchema = z
  .object({
    name: z.string().trim().min(1).max(TEXT_MAX),
    description: optionalText(),
    email: z
      .union([z.literal(''), z.null(), EmailSchema])
      .optional()
      .transform((v) => (v ? v : null)),
    phone: z
      .union([z.literal(''), z.null(), PhoneSchema])
      .optional()
      .transform((v) => (v ? v : null)),
    onDuty: z.boolean().optional().default(false),
    communes: z
      .array(z.string().regex(/^\d{5}$/, 'Mã xã không hợp lệ'))
      .max(50)
      .optional()
      .default([]),
  })
  .refine((r) => r.phone !== null || r.email !== null, { message: SMS_RECIPIENT_NO_CONTACT, path: ['phone'] })
  .meta({ id: 'SmsRecipientBody' });
export type SmsRecipientBody = z.input<typeof SmsRecipientBodySchema>;

export const SmsHistorySchema = z
  .object({
    id: z.number().int(),
    /** Recipient name. */
    name: z.string(),
    smsUserId: z.number().int().nullable(),
    /** Or the resident's subscription it went to (#24). */
    subscriberId: z.number().int().nullable(),
    channel: z.enum(['sms', 'email', 'push', 'zalo']),
    /** Phone number or e-mail address (a subscriber's masked, but for the system account). */
    recipient: z.string(),
    body: z.string(),
    /** Why it was sent (#22): the alert itself, a reminder to the on-duty list, an update (#23) or a cancel. */
    /** 'invite': a number of a commune's list asked to confirm its subscription (#24). */
    purpose: z.enum(['alert', 'escalation', 'update', 'cancel', 'invite']),
    /** PENDING while queued or retrying; SUCCESS; FAILED after the last attempt; UNCERTAIN (see SMS_HISTORY_STATUSES). */
    status: z.enum(SMS_HISTORY_STATUSES),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    alertId: z.number().int().nullable(),
    /** The officer's warning it tells (#23), or null. */
    warningId: z.number().int().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    /** When the provider's receipt said it was delivered (#24). */
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'SmsHistory' });
export type SmsHistory = z.infer<typeof SmsHistorySchema>;

export const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export const SmsTemplateListSchema = z.array(SmsTemplateSchema);
export const SmsRecipientPageSchema = pageOf(SmsRecipientSchema).meta({ id: 'SmsRecipientPage' });
export const SmsHistoryPageSchema = pageOf(SmsHistorySchema).meta({ id: 'SmsHistoryPage' });
