import './zod-messages';
import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({
      ok: z.boolean(),
      /** `embedded`: the PostgreSQL the portal runs itself in DATA_DIR; `postgres`: the server of DATABASE_URL. */
      driver: z.enum(['embedded', 'postgres']),
      latencyMs: z.number(),
      /** Embedded only: `running`, or `restarting` while a postmaster that died (a full disk) is started again. */
      state: z.enum(['starting', 'running', 'restarting', 'stopping', 'stopped']).optional(),
    }),
    /** Only with REDIS_URL: whether the shared Redis answers (down = 'degraded', still 200). */
    redis: z.object({ ok: z.boolean() }).optional(),
    version: z.string(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

/** One base map of the public map: a Leaflet URL template ({s} {z} {x} {y}) and its attribution (HTML). */
export const TileSourceSchema = z.object({ url: z.string(), attribution: z.string() });
export type TileSource = z.infer<typeof TileSourceSchema>;

/** The three base maps (GLOSSARY): 'Bản đồ số quốc gia', 'Ảnh vệ tinh', 'Bản đồ đường phố'. */
export const MapTilesSchema = z
  .object({ national: TileSourceSchema, satellite: TileSourceSchema, street: TileSourceSchema })
  .meta({ id: 'MapTiles' });
export type MapTiles = z.infer<typeof MapTilesSchema>;

/** What every page needs to know about this installation. */
export const AppInfoSchema = z
  .object({
    /** Demo mode: the data are illustrative ('Dữ liệu minh hoạ' banner). */
    demo: z.boolean(),
    /** Demo mode only: the demo stations' alerts also go to the real SMS gateway (DEMO_ALERTS_TO_GATEWAY). */
    demoAlertsToGateway: z.boolean().optional(),
    timeZone: z.string(),
    version: z.string(),
    /** Base maps of the public map (configured on the server: MAP_TILES_*). */
    mapTiles: MapTilesSchema,
  })
  .meta({ id: 'AppInfo' });
export type AppInfo = z.infer<typeof AppInfoSchema>;
