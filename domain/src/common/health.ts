import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
    version: z.string(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
