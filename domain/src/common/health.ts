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

/** What every page needs to know about this installation. */
export const AppInfoSchema = z
  .object({
    /** Demo mode: the data are illustrative ('Dữ liệu minh hoạ' banner). */
    demo: z.boolean(),
    timeZone: z.string(),
    version: z.string(),
  })
  .meta({ id: 'AppInfo' });
export type AppInfo = z.infer<typeof AppInfoSchema>;
