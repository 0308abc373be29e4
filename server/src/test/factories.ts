import {
  CONFIG_CHANGED,
  type NewsStatus,
  type NewsType,
  type Permission,
  STATIONS_CHANGED,
  stationKind,
  WEB_PARAMETERS_NAME,
  type WebParameters,
} from '@flood/domain';
import type { Db } from '../db/client';
import { insertCategory } from '../features/categories/categories.repository';
import { findParameterByName, insertParameter, updateParameter } from '../features/config/config.repository';
import { insertNews } from '../features/news/news.repository';
import { insertReadingsBatch } from '../features/readings/readings.repository';
import { insertStation } from '../features/stations/stations.repository';
import { insertUser } from '../features/users/users.repository';
import type { UserRow } from '../features/users/users.table';
import { hashPassword, randomToken } from '../lib/crypto';
import type { EventBus } from '../lib/events';

/*
 * Test factories: each creates one row straight through its repository, with the parents it needs (a station
 * with its creator, news with its author, …), so a test that is not about creating the parent does not build it
 * over HTTP. A test about creating a record (its validation, its audit, its answer) keeps doing it through the
 * API. Defaults are realistic Ba Chẽ values; every one can be overridden. A row a running app caches (stations)
 * is announced on the app's bus when the test passes it, as the service that writes it would.
 */

let counter = 0;
/** A number unique in this process (names, codes, e-mail addresses). */
const next = () => {
  counter += 1;
  return counter;
};
const hashCache = new Map<string, Promise<string>>();

/** A staff account (no parent), returned with its clear password. */
export async function createUser(
  db: Db,
  opts: { functions?: Permission[]; password?: string; phone?: string | null; name?: string } = {},
): Promise<{ user: UserRow; password: string }> {
  const n = next();
  const password = opts.password ?? 'mat-khau-123';
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password));
  const user = await insertUser(db, {
    name: opts.name ?? `Cán bộ ${n}`,
    email: `can.bo.${n}.${Date.now()}@bache.local`,
    phone: opts.phone === undefined ? null : opts.phone,
    passwordHash: await hashCache.get(password)!,
    functions: opts.functions ?? ['system'],
  });
  return { user, password };
}

/** The creator a factory gives a row when the test names none: one per database, made on first use. */
const creators = new WeakMap<Db, Promise<UserRow>>();
function defaultCreator(db: Db): Promise<UserRow> {
  let creator = creators.get(db);
  if (!creator) {
    creator = createUser(db, { functions: ['system', 'database', 'news'], name: 'Cán bộ nhập liệu' }).then(
      (c) => c.user,
    );
    creators.set(db, creator);
  }
  return creator;
}

export interface StationFixture {
  id: number;
  code: string;
  name: string;
  pushKey: string;
  userId: number;
}

/**
 * A station and its creator. The kind follows the code as in the product (F00… rain, F01… water); a water
 * station gets the levels I–III in cm (default 30/50/70), a rain station none.
 */
export async function createStation(
  db: Db,
  opts: {
    code?: string;
    name?: string;
    description?: string;
    lat?: number;
    long?: number;
    /** Water only: levels I–III in cm; null for a water station without levels. */
    levels?: [number, number, number] | null;
    lowWater?: number | null;
    status?: 'active' | 'inactive' | 'deleted';
    demo?: boolean;
    creator?: UserRow;
    /** The running app's bus (TestContext.bus): the station is announced, as staff's creation does. */
    bus?: EventBus;
  } = {},
): Promise<StationFixture> {
  const code = opts.code ?? `F01${String(900 + next()).padStart(3, '0')}`;
  const kind = stationKind(code);
  if (!kind) throw new Error(`createStation: ${code} is neither a rain (F00…) nor a water (F01…) code`);
  const creator = opts.creator ?? (await defaultCreator(db));
  const levels = kind === 'water' ? (opts.levels === undefined ? [30, 50, 70] : opts.levels) : null;
  const name = opts.name ?? `Trạm ${code}`;
  const pushKey = randomToken(18);
  const id = await insertStation(db, {
    code,
    name,
    description: opts.description ?? 'Đối diện Trung tâm Y tế huyện',
    kind,
    latitude: opts.lat ?? 21.273,
    longitude: opts.long ?? 107.2896,
    warningLevel1: levels?.[0] ?? null,
    warningLevel2: levels?.[1] ?? null,
    warningLevel3: levels?.[2] ?? null,
    warningLowWater: kind === 'water' ? (opts.lowWater ?? null) : null,
    pushKey,
    status: opts.status ?? 'active',
    demo: opts.demo ?? false,
    userId: creator.id,
  });
  opts.bus?.publish(STATIONS_CHANGED, {});
  return { id, code, name, pushKey, userId: creator.id };
}

/**
 * Stored readings of a station as history (no alert evaluation is queued: a test of alerts pushes through the
 * API). `values` are in the station's stored unit (cm of water, mm of rain), `at` their instants.
 */
export async function createReadings(
  db: Db,
  stationId: number,
  readings: { value: number; at: Date }[],
): Promise<void> {
  await insertReadingsBatch(
    db,
    readings.map((r) => ({ stationId, observedAt: r.at, value: r.value })),
  );
}

/** A news item with its author (published news by default). Returns its id. */
export async function createNews(
  db: Db,
  opts: {
    name?: string;
    type?: NewsType;
    status?: NewsStatus;
    content?: string;
    sapo?: string | null;
    date?: Date;
    files?: string[];
    demo?: boolean;
    author?: UserRow;
  } = {},
): Promise<number> {
  const author = opts.author ?? (await defaultCreator(db));
  return insertNews(db, {
    name: opts.name ?? `Tin ${next()}: Ba Chẽ chủ động ứng phó mưa lũ`,
    sapo: opts.sapo === undefined ? 'Huyện triển khai phương án phòng chống thiên tai.' : opts.sapo,
    author: author.name,
    avatar: null,
    files: opts.files ?? [],
    content: opts.content ?? '<p>Ban chỉ huy phòng chống thiên tai huyện họp khẩn.</p>',
    date: opts.date ?? new Date(),
    status: opts.status ?? 'PUBLISH',
    type: opts.type ?? 'NORMAL',
    demo: opts.demo ?? false,
    userId: author.id,
  });
}

/** A category with its creator. Returns its id. */
export async function createCategory(
  db: Db,
  opts: { name?: string; data?: string | null; creator?: UserRow } = {},
): Promise<number> {
  const creator = opts.creator ?? (await defaultCreator(db));
  return insertCategory(db, {
    name: opts.name ?? `Danh mục ${next()}`,
    data: opts.data === undefined ? null : opts.data,
    userId: creator.id,
  });
}

/**
 * Changes some of the 'Web Parameters' (merged over what is stored) and announces it, as the configuration
 * page does: e.g. `{ alertConfirmReadings: 1 }` for a test of the message pipeline, not of confirmation (#22).
 */
export async function setWebParameters(
  db: Db,
  values: Partial<WebParameters>,
  opts: { bus?: EventBus } = {},
): Promise<void> {
  const row = await findParameterByName(db, WEB_PARAMETERS_NAME);
  const objectValue = { ...(row?.objectValue as Record<string, unknown> | undefined), ...values };
  if (row) await updateParameter(db, row.id, { name: WEB_PARAMETERS_NAME, objectValue });
  else await insertParameter(db, { name: WEB_PARAMETERS_NAME, objectValue });
  opts.bus?.publish('config', CONFIG_CHANGED);
}

/**
 * For tests of the message pipeline (not of confirmation or quality, #22): a level warns on its first reading
 * and the rate-of-change rule lets any jump through, as before the rules existed.
 */
export const ONE_READING_ALERTS: Partial<WebParameters> = {
  alertConfirmReadings: 1,
  qcWaterMaxChangeCmPerHour: 100_000,
};
