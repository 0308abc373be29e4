import '../common/zod-messages';
import { z } from 'zod';
import { AUDIT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int().nullable(),
    userName: z.string().nullable(),
    content: z.string(),
    /** 'client': the text was sent by a browser (POST /api/audit), not written by the server with a change (#18). */
    source: z.enum(['server', 'client']),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The audit log page: newest first, 20 per page, keyword over user id, user name and content (spec §2). */
export const AuditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  keyword: z.string().trim().max(TEXT_MAX).optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditPageSchema = pageOf(AuditEntrySchema).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPageSchema>;
