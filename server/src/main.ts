import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { hasOldEmbeddedDatabase, importOldEmbeddedDatabase } from './db/pglite-import';
import { demoNotice, seedDemo } from './features/demo/demo.seed';
import { startDemoSimulator } from './features/demo/demo.simulator';
import { seedDemoFloodHistory } from './features/flood-events/flood-events.seed';
import { seedDemoFloodPhotos } from './features/flood-photos/flood-photos.seed';
import { seedGeodata } from './features/geodata/geodata.seed';
import { seedDemoNews } from './features/news/news.seed';
import { failInterruptedImports } from './features/readings/import.service';
import { ensureSystemAccount, type SystemAccountResult } from './features/system/system-account';
import type { RedisEventBus } from './lib/events-redis';
import { keepStdioErrorsQuiet, logDestination, loggerOptionsOf } from './lib/logging';
import { createLocalStorage, type FileStorage } from './lib/storage';
import { createS3Storage } from './lib/storage-s3';

function signInBanner(url: string, account: SystemAccountResult): string {
  const lines = [
    `Cổng cảnh báo lũ đang chạy tại / The portal is running at: ${url}`,
    `Tài khoản hệ thống / System account: ${account.email}`,
  ];
  if (account.generatedPassword) {
    lines.push(
      `Mật khẩu (chỉ in một lần, hãy đổi ngay) / Password (printed once, change it): ${account.generatedPassword}`,
    );
  } else if (account.passwordFromEnv) {
    lines.push('Mật khẩu: giá trị của ADMIN_PASSWORD / Password: the value of ADMIN_PASSWORD');
  } else {
    lines.push('Mật khẩu: đã in ở lần khởi động đầu tiên / Password: printed at the first start');
  }
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '='.repeat(width);
  return `\n${bar}\n${lines.join('\n')}\n${bar}\n`;
}

/** Uploaded files: the S3-compatible store when S3_BUCKET is set (several processes), else DATA_DIR/files. */
function storageOf(config: ReturnType<typeof loadConfig>): FileStorage {
  if (!config.S3_BUCKET) return createLocalStorage(path.join(config.DATA_DIR, 'files'));
  return createS3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    sessionToken: config.S3_SESSION_TOKEN,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}

/** SIGTERM/SIGINT end the process within this time, whatever hangs (issue #19: a full disk, a stuck request). */
const SHUTDOWN_DEADLINE_MS = 9_000;

/** Until the app's logger exists, the embedded server's warnings go to stderr. */
let log:
  | {
      info(obj: object, msg: string): void;
      warn(obj: object, msg: string): void;
      error(obj: object, msg: string): void;
    }
  | undefined;
const dbLogger = {
  info: (m: string) => log?.info({}, m),
  warn: (m: string) => (log ? log.warn({}, m) : process.stderr.write(`${m}\n`)),
  error: (m: string) => (log ? log.error({}, m) : process.stderr.write(`${m}\n`)),
};

/** Copies an earlier embedded database (PGlite) of DATA_DIR into the new one, telling its progress. */
async function importOldDatabase(database: Database, dataDir: string): Promise<void> {
  if (database.driver !== 'embedded' || !hasOldEmbeddedDatabase(dataDir)) return;
  process.stdout.write(
    'Đang chuyển dữ liệu từ CSDL nhúng cũ (PGlite) sang PostgreSQL nhúng… / importing the old embedded database (PGlite)…\n',
  );
  let last = 0;
  const result = await importOldEmbeddedDatabase(database, dataDir, new Date(), (p) => {
    if (Date.now() - last < 2_000) return;
    last = Date.now();
    process.stdout.write(`  bảng / table ${p.tableIndex}/${p.tables} ${p.table}: ${p.rows} dòng / rows\n`);
  });
  process.stdout.write(
    `Đã chuyển ${result.rows} dòng của ${result.tables} bảng; thư mục cũ giữ tại / imported ${result.rows} rows of ${result.tables} tables; the old folder is kept at ${result.movedTo}\n`,
  );
}

async function main(): Promise<void> {
  // A full disk under the files stdout and stderr go to must not end the process (issue #19).
  keepStdioErrorsQuiet();
  const config = loadConfig();
  let database: Database | undefined;
  let stopAll: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log?.info({ signal }, 'shutting down');
    // Whatever hangs, the process ends in time; the embedded server finishes its fast shutdown on its own.
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    await stopAll?.().catch(() => undefined);
    await database?.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    label: `cổng / port ${config.PORT}`,
    logger: dbLogger,
    restartMaxMs: config.EMBEDDED_RESTART_MAX_SECONDS * 1000,
  });
  await runMigrations(database);
  await importOldDatabase(database, config.DATA_DIR);
  const account = await ensureSystemAccount(database.db, config);
  await failInterruptedImports(database.db, new Date());
  if (config.DEMO) {
    process.stdout.write(demoNotice(config.DEMO_INTERVAL_SECONDS, config.DEMO_ALERTS_TO_GATEWAY));
    const t0 = performance.now();
    const demo = await seedDemo(database.db, new Date());
    if (demo.seeded) {
      process.stdout.write(
        `Đã nạp dữ liệu minh hoạ / demo data loaded: ${demo.readings} readings in ${Math.round(performance.now() - t0)} ms\n`,
      );
    }
  }
  // Base layers always, demo layers in demo mode; each type only while it has no item (first start).
  const storage = storageOf(config);
  const t1 = performance.now();
  const geo = await seedGeodata({
    db: database.db,
    storage,
    demo: config.DEMO,
    now: new Date(),
    geojsonMaxBytes: config.GEODATA_MAX_MB * 1024 * 1024,
    timeZone: config.TZ_DISTRICT,
  });
  if (geo.items > 0) {
    process.stdout.write(
      `Đã nạp dữ liệu bản đồ / map geodata loaded: ${geo.items} files in ${Math.round(performance.now() - t1)} ms\n`,
    );
  }
  if (config.DEMO) {
    const photos = await seedDemoFloodPhotos({ db: database.db, storage, now: new Date() });
    if (photos > 0) process.stdout.write(`Đã nạp ảnh ngập lụt minh hoạ / demo flood photos loaded: ${photos}\n`);
    const newsItems = await seedDemoNews({ db: database.db, storage, now: new Date() });
    if (newsItems > 0) process.stdout.write(`Đã nạp tin tức minh hoạ / demo news loaded: ${newsItems}\n`);
    const history = await seedDemoFloodHistory({ db: database.db, now: new Date(), timeZone: config.TZ_DISTRICT });
    if (history > 0) process.stdout.write(`Đã nạp lịch sử lũ minh hoạ / demo flood history loaded: ${history}\n`);
  }
  // With REDIS_URL the bus (and the rate-limit counters) reach every process; ioredis loads only then.
  let bus: RedisEventBus | undefined;
  if (config.REDIS_URL) {
    const { createRedisEventBus } = await import('./lib/events-redis');
    bus = await createRedisEventBus({
      url: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
      logger: { warn: (obj, msg) => log?.warn(obj, msg) },
    });
  }
  const app = await buildApp({
    config,
    database,
    storage,
    bus,
    rateLimitRedis: bus?.redis,
    logger: loggerOptionsOf(config.LOG_LEVEL, logDestination()),
  });
  log = app.log;
  let stopDemo = () => {};
  stopAll = async () => {
    stopDemo();
    await app.close();
    await bus?.close();
  };
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.DEMO) {
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
    stopDemo = startDemoSimulator({
      db: database.db,
      baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`,
      timeZone: config.TZ_DISTRICT,
      intervalMs: config.DEMO_INTERVAL_SECONDS * 1000,
      logger: app.log,
    });
  }
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  process.stdout.write(signInBanner(`http://${shownHost}:${config.PORT}`, account));
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
