import {
  CONFIG_CHANGED,
  ContentValueSchema,
  DEFAULT_WEB_PARAMETERS,
  type SystemParameter,
  type SystemParameterPage,
  WEB_PARAMETERS_NAME,
  type WebParameters,
  WebParametersSchema,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { isUniqueViolation } from '../../lib/sql';
import { recordAudit } from '../audit/audit.service';
import {
  deleteParameter,
  findParameter,
  findParameterByName,
  insertParameter,
  listParameters,
  updateParameter,
} from './config.repository';
import type { SystemParameterRow } from './config.table';

const toApi = (r: SystemParameterRow): SystemParameter => ({
  id: r.id,
  name: r.name,
  objectValue: r.objectValue,
  isWebParameters: r.name === WEB_PARAMETERS_NAME,
  createdAt: r.createdAt.toISOString(),
});

/** Validates a record's value by its kind, naming fields as `objectValue.<field>`. */
function validateValue(name: string, value: Record<string, unknown>): Record<string, unknown> {
  const schema: z.ZodType<Record<string, unknown>> =
    name === WEB_PARAMETERS_NAME ? WebParametersSchema : ContentValueSchema;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => ({ field: ['objectValue', ...i.path].join('.'), message: i.message }));
  throw new AppError('VALIDATION_FAILED', `Dữ liệu không hợp lệ: ${fields.map((f) => f.field).join(', ')}`, fields);
}

/**
 * Configuration records (database view). The 'Web Parameters' thresholds are cached in memory and the
 * cache is dropped on every change, so every status shown follows a change at once.
 */
export function createConfigService({ db, bus }: { db: Db; bus: EventBus }) {
  let cached: Promise<WebParameters> | undefined;
  const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy cấu hình');

  async function loadWebParameters(): Promise<WebParameters> {
    const row = await findParameterByName(db, WEB_PARAMETERS_NAME);
    const parsed = WebParametersSchema.safeParse(row?.objectValue ?? {});
    return parsed.success ? parsed.data : DEFAULT_WEB_PARAMETERS;
  }
  function changed(): void {
    cached = undefined;
    bus.publish('config', CONFIG_CHANGED);
  }
  // A change made through another process (Redis bus) drops this one's copy too.
  bus.subscribe((e) => {
    if (e.type === 'config') cached = undefined;
  });

  return {
    /** Current thresholds (public read: the web classifies with the same numbers). */
    webParameters(): Promise<WebParameters> {
      cached ??= loadWebParameters().catch((e) => {
        cached = undefined;
        throw e;
      });
      return cached;
    },

    async list(actor: Actor | undefined, q: { page: number; pageSize: number }): Promise<SystemParameterPage> {
      requirePermission(actor, 'database');
      const { items, total } = await listParameters(db, q);
      return { items: items.map(toApi), total };
    },

    async get(actor: Actor | undefined, id: number): Promise<SystemParameter> {
      requirePermission(actor, 'database');
      const row = await findParameter(db, id);
      if (!row) throw notFound();
      return toApi(row);
    },

    async save(
      actor: Actor | undefined,
      id: number | null,
      body: { name: string; objectValue: Record<string, unknown> },
    ): Promise<SystemParameter> {
      const a = requirePermission(actor, 'database');
      const objectValue = validateValue(body.name, body.objectValue);
      try {
        const row = await db.transaction(async (tx) => {
          if (id === null) {
            const created = await insertParameter(tx, { name: body.name, objectValue });
            await recordAudit(tx, a, `Tạo cấu hình ${body.name}`);
            return created;
          }
          const current = await findParameter(tx, id);
          if (!current) throw notFound();
          if (current.name === WEB_PARAMETERS_NAME && body.name !== WEB_PARAMETERS_NAME) {
            throw new AppError('CONFLICT', 'Không thể đổi tên bản ghi Web Parameters');
          }
          const updated = await updateParameter(tx, id, { name: body.name, objectValue });
          await recordAudit(tx, a, `Cập nhật cấu hình ${body.name}`);
          return updated!;
        });
        if (row.name === WEB_PARAMETERS_NAME) changed();
        return toApi(row);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', 'Tên cấu hình đã tồn tại', [
            { field: 'name', message: 'Tên cấu hình đã tồn tại' },
          ]);
        }
        throw error;
      }
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'database');
      await db.transaction(async (tx) => {
        const row = await findParameter(tx, id);
        if (!row) throw notFound();
        if (row.name === WEB_PARAMETERS_NAME) throw new AppError('CONFLICT', 'Không thể xoá bản ghi Web Parameters');
        await deleteParameter(tx, id);
        await recordAudit(tx, a, `Xoá cấu hình ${row.name}`);
      });
    },
  };
}
export type ConfigService = ReturnType<typeof createConfigService>;
