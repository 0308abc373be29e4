import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmailSchema } from '@flood/domain';
import { z } from 'zod';
import { channelConfigProblems, channelVariables } from './config-channels';
import { bool, int } from './config-values';
import { isCommonPassword } from './lib/password-policy';

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/src or server/dist: the built web sits two levels up, in web/dist. */
const defaultWebDist = path.resolve(here, '..', '..', 'web', 'dist');

/** proxy-addr's names of address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isAddressOrCidr(s: string): boolean {
  if (PROXY_RANGE_NAMES.has(s)) return true;
  const [addr, bits, extra] = s.split('/');
  if (extra !== undefined || !addr) return false;
  const family = net.isIP(addr);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
/**
 * Which proxies are trusted to give the client's address in X-Forwarded-For (Fastify's `trustProxy`):
 * `false`/`0` none; a hop count (`true` = 1: the address the nearest proxy saw, so a client's own X-Forwarded-For
 * entries are ignored); or a comma list of proxy addresses, CIDRs or `loopback`/`linklocal`/`uniquelocal`.
 * Never "trust everything", which took the leftmost — client-written — address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.toLowerCase();
    if (['false', 'no', '0'].includes(v)) return false;
    if (['true', 'yes'].includes(v)) return 1;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = list.filter((x) => !isAddressOrCidr(x));
    if (list.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `false, true (= 1), số bước proxy, hoặc danh sách địa chỉ/CIDR / false, true (= 1), a hop count, or a list of addresses/CIDRs${bad.length ? `: ${bad.join(', ')}` : ''}`,
      });
      return z.NEVER;
    }
    return list;
  });
/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function: Fastify 5 treats a bare number as
 * "trust nothing" (it cannot check the nearest peer), which would count every visitor behind the proxy as one.
 * With a count the portal's port must be reachable from the proxy only (docs/operations.md).
 */
export function fastifyTrustProxy(
  value: false | number | string[],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof value === 'number') return value === 0 ? false : (_addr: string, hop: number) => hop < value;
  return value;
}
/**
 * A tile URL template with {z}, {x} and {y}: https (the page's CSP allows images from https: only) or a
 * path on this origin ('/tiles/{z}/{x}/{y}.png').
 */
const tileUrl = z
  .string()
  .regex(/^(https:\/\/|\/)\S+$/, 'phải bắt đầu bằng https:// hoặc /')
  .refine((s) => ['{z}', '{x}', '{y}'].every((p) => s.includes(p)), 'phải chứa {z}, {x} và {y}');

/** Every environment variable of the server, with its default (the README's table mirrors this). */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  /** Longest wait between two attempts to start again an embedded PostgreSQL that died (1, 2, 4… s up to this). */
  EMBEDDED_RESTART_MAX_SECONDS: int(30, 1),
  ADMIN_EMAIL: EmailSchema.default('admin@portal.local'),
  ADMIN_PASSWORD: z
    .string()
    .min(8)
    .max(255)
    .refine((p) => !isCommonPassword(p), 'mật khẩu quá phổ biến / too common a password')
    .optional(),
  ADMIN_NAME: z.string().min(1).max(255).default('Quản trị hệ thống'),
  TZ_DISTRICT: z.string().default('Asia/Ho_Chi_Minh'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(defaultWebDist),
  /** false, true (= 1 hop), a hop count, or trusted proxy addresses/CIDRs (see `trustProxy`). */
  TRUST_PROXY: trustProxy.default(false),
  SESSION_TTL_HOURS: int(24, 1),
  /** Absolute end of a session after sign-in, however much it is used (ASVS 4.0.3 3.3.2, level 2: 12 h). */
  SESSION_MAX_HOURS: int(12, 1),
  LOGIN_RATE_LIMIT_PER_MINUTE: int(20, 1),
  /** Sign-ups to warnings per minute from one address (#24): each may cost an SMS code. */
  SUBSCRIBE_RATE_LIMIT_PER_MINUTE: int(10, 1),
  LOGIN_MAX_FAILURES: int(5, 1),
  LOGIN_LOCK_MINUTES: int(15, 1),
  ALTCHA_SECRET: z.string().min(16).optional(),
  ALTCHA_COST: int(2000, 1),
  ALTCHA_MAX_COUNTER: int(800, 2),
  PHONE_CODE_TTL_MINUTES: int(5, 1),
  PHONE_CODE_RESEND_SECONDS: int(60, 0),
  ...channelVariables,
  DISPATCH_MAX_ATTEMPTS: int(5, 1),
  /** Origin of the public links in the CAP feed and e-mails (default: the request's own host). */
  PUBLIC_URL: z.url().optional(),
  /** CAP 1.2 `sender` (an address or domain that identifies this portal to feed readers). */
  CAP_SENDER: z
    .string()
    .regex(/^[^\s,<&]+$/, 'không được chứa khoảng trắng, dấu phẩy, < hoặc &')
    .default('canhbao@portal.local'),
  /** `senderName` of the CAP messages; unset (the default): made from the area's name ('Khu vực' page, #26). */
  CAP_SENDER_NAME: z.string().min(1).max(255).optional(),
  CAP_SENDER_NAME_EN: z.string().min(1).max(255).optional(),
  /** E-mail: smtp(s)://user:pass@host:port; unset = e-mails are written to the server log. */
  SMTP_URL: z.url().optional(),
  SMTP_FROM: z.string().min(3).max(255).default('Cảnh báo lũ <canhbao@portal.local>'),
  /** Largest GeoJSON upload of the file manager (images 10 MB and workbooks 20 MB are fixed). */
  GEODATA_MAX_MB: int(50, 1),
  /** Largest flood photo a visitor may post (past it: 413). */
  FLOOD_PHOTO_MAX_MB: int(10, 1),
  /** Anonymous flood photo posts per client address per window (signed-in staff are not limited). */
  FLOOD_PHOTO_RATE_LIMIT: int(5, 1),
  FLOOD_PHOTO_RATE_WINDOW_MINUTES: int(10, 1),
  /** Largest news upload (editor image, attachment, directive PDF) through `POST /api/files`. */
  FILES_MAX_MB: int(20, 1),
  /** Anonymous feedback posts per client address per window (signed-in staff are not limited). */
  FEEDBACK_RATE_LIMIT: int(5, 1),
  FEEDBACK_RATE_WINDOW_MINUTES: int(10, 1),
  /** Anonymous route requests (`POST /api/route`) per client address per minute (signed-in staff are not limited). */
  ROUTE_RATE_LIMIT_PER_MINUTE: int(60, 1),
  /** Open event streams (`/api/events`) one client address may hold in one process (429 past it). */
  EVENTS_MAX_PER_ADDRESS: int(100, 1),
  /** Open event streams of one process in all (503 past it); keep it under the process's file limit (`ulimit -n`). */
  EVENTS_MAX_TOTAL: int(5000, 1),
  /** Time to receive a whole request, body included (a trickled upload is cut with 408 past it). */
  REQUEST_TIMEOUT_SECONDS: int(300, 1),
  /** Anonymous Excel exports (`/api/water/export`, `/api/water/export-moment`, `/api/station/export`) per client address per minute. */
  EXPORT_RATE_LIMIT_PER_MINUTE: int(10, 1),
  /** Anonymous `POST /api/view` (a news view) per client address per minute. */
  VIEW_RATE_LIMIT_PER_MINUTE: int(30, 1),
  /** Demo mode: seeds an empty database with demo stations and readings and runs the push simulator. */
  DEMO: bool.default(true),
  DEMO_INTERVAL_SECONDS: int(60, 5),
  /**
   * Messages of the demo stations' alerts go to the real SMS gateway and SMTP too (a rehearsal with real
   * phones); false = only to the log gateways, whatever SMS_GATEWAY and SMTP_URL say.
   */
  DEMO_ALERTS_TO_GATEWAY: bool.default(false),
  /**
   * The reading quality rules at push and import (#22). `false` only to measure what they cost (bench/): every
   * reading is then stored as good — never in production.
   */
  READING_QUALITY_RULES: bool.default(true),
  /** Base maps of the public map: Leaflet URL templates ({s} {z} {x} {y}) and their attribution (HTML). */
  MAP_TILES_NATIONAL: tileUrl.default(
    'https://server.arcgisonline.com/ArcGIS/rest/services/World_Topo_Map/MapServer/tile/{z}/{y}/{x}',
  ),
  MAP_TILES_NATIONAL_ATTRIBUTION: z
    .string()
    .max(1000)
    .default('Bản đồ nền &copy; Esri, HERE, Garmin, FAO, NOAA, USGS, &copy; OpenStreetMap'),
  MAP_TILES_SATELLITE: tileUrl.default(
    'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  ),
  MAP_TILES_SATELLITE_ATTRIBUTION: z
    .string()
    .max(1000)
    .default('Ảnh vệ tinh &copy; Esri, Maxar, Earthstar Geographics, GIS User Community'),
  MAP_TILES_STREET: tileUrl.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILES_STREET_ATTRIBUTION: z
    .string()
    .max(1000)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'),
  /** Route planning: an OSRM-compatible service (its root, before /route/v1); unset = the built-in router. */
  ROUTING_URL: z.url().optional(),
  ROUTING_PROFILE: z
    .string()
    .regex(/^[\w-]{1,32}$/, 'chỉ gồm chữ, số, - và _')
    .default('driving'),
  ROUTING_TIMEOUT_MS: int(5000, 100),
  /** Place search: a Nominatim-compatible geocoder whose places follow the local ones; unset = local only. */
  GEOCODER_URL: z.url().optional(),
  GEOCODER_TIMEOUT_MS: int(3000, 100),
  /** Several processes (docs/operations.md): live events and rate limits through Redis; unset = in-process. */
  REDIS_URL: z.url().optional(),
  /** Prefix of the Redis keys and channel, so several portals can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'chỉ gồm chữ, số, :, ., - và _')
    .default('flood:'),
  /** Uploaded files in an S3-compatible store when set (else DATA_DIR/files). Keys only from the environment. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The store's root (MinIO, R2…); unset = AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Temporary credentials (STS, an instance or task role): their session token, sent as X-Amz-Security-Token. */
  S3_SESSION_TOKEN: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^([\w.-]+\/)*$/, 'các đoạn chữ, số, ., -, _ kết thúc bằng /')
    .default(''),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Reads the configuration once at start; a bad variable stops the server with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Cấu hình không hợp lệ / invalid configuration:\n${lines.join('\n')}`);
  }
  const channelProblems = channelConfigProblems(parsed.data);
  if (channelProblems.length > 0) {
    throw new Error(
      `Cấu hình không hợp lệ / invalid configuration:\n${channelProblems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  if (parsed.data.S3_BUCKET && !(parsed.data.S3_ACCESS_KEY_ID && parsed.data.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Cấu hình không hợp lệ / invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: cần cả hai khi đặt S3_BUCKET / both are required with S3_BUCKET',
    );
  }
  if (parsed.data.TZ_DISTRICT && !isValidTimeZone(parsed.data.TZ_DISTRICT)) {
    throw new Error(`Cấu hình không hợp lệ / invalid configuration:\n  TZ_DISTRICT: ${parsed.data.TZ_DISTRICT}`);
  }
  return parsed.data;
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
