import '../common/zod-messages';
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';
import { FEEDBACK_REQUIRED } from './feedback.texts';

const required = (message: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? message : undefined) })
    .trim()
    .min(1, message)
    .max(TEXT_MAX);

export const FeedbackSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    content: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof FeedbackSchema>;

/** The feedback form (public-portal §5): five required fields, max 255 each; e-mail format; phone digits. */
export const FeedbackBodySchema = z
  .object({
    name: required(FEEDBACK_REQUIRED.name),
    email: required(FEEDBACK_REQUIRED.email).pipe(z.email({ message: 'Email không hợp lệ' })),
    phone: required(FEEDBACK_REQUIRED.phone).regex(/^\+?\d{6,15}$/, 'Số điện thoại chỉ gồm chữ số'),
    address: required(FEEDBACK_REQUIRED.address),
    content: required(FEEDBACK_REQUIRED.content),
  })
  .meta({ id: 'FeedbackBody' });
export type FeedbackBody = z.input<typeof FeedbackBodySchema>;

export const FeedbackListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type FeedbackListQuery = z.infer<typeof FeedbackListQuerySchema>;
export const FeedbackPageSchema = pageOf(FeedbackSchema).meta({ id: 'FeedbackPage' });
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;
