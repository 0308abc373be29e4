import '../common/zod-messages';
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE, pageOf } from '../common/pagination';
import { TEXT_MAX } from '../common/text';

export const SystemParameterSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** 'Web Parameters' holds the thresholds; other records hold `{ content }`. */
    objectValue: z.record(z.string(), z.unknown()),
    isWebParameters: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'SystemParameter' });
export type SystemParameter = z.infer<typeof SystemParameterSchema>;

export const SystemParameterBodySchema = z
  .object({
    name: z.string().trim().min(1).max(TEXT_MAX),
    objectValue: z.record(z.string(), z.unknown()).default({}),
  })
  .meta({ id: 'SystemParameterBody' });
export type SystemParameterBody = z.input<typeof SystemParameterBodySchema>;

/** The free-text content of an ordinary configuration record. */
export const ContentValueSchema = z.object({ content: z.string().max(20_000).default('') });

export const SystemParameterListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export const SystemParameterPageSchema = pageOf(SystemParameterSchema).meta({ id: 'SystemParameterPage' });
export type SystemParameterPage = z.infer<typeof SystemParameterPageSchema>;
