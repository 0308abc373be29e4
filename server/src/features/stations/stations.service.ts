import {
  CHANGED,
  confirmsStationDelete,
  type PolygonalGeometry,
  pageOfList,
  STATIONS_CHANGED,
  type Station,
  type StationBodySchema,
  type StationDetail,
  type StationListQuery,
  type StationPage,
  type StationStatus,
  scopeAllowsUnit,
  stationKind,
  stationUnitCode,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission, requireUnit } from '../../lib/actor';
import { randomToken } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { isUniqueViolation } from '../../lib/sql';
import { auditOf, recordAudit } from '../audit/audit.service';
import {
  deleteStation,
  findStation,
  findStationRow,
  insertStation,
  keepDeletedStation,
  listStations,
  updateStation,
} from './stations.repository';
import type { StationRow } from './stations.table';

type Body = z.output<typeof StationBodySchema>;

/** Audit texts fixed by back-office §1. */
export const STATION_AUDIT = {
  create: 'Tạo mới trạm',
  update: 'Sửa thông tin trạm',
  remove: 'Xoá trạm',
  deactivate: 'Ngừng hoạt động trạm',
  activate: 'Cho trạm hoạt động lại',
} as const;

const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy trạm');
const codeTaken = () =>
  new AppError('CONFLICT', 'Mã trạm đã tồn tại', [{ field: 'code', message: 'Mã trạm đã tồn tại' }]);
/** A push key a data logger can carry in a URL. */
const newPushKey = () => randomToken(18);

function valuesOf(body: Body) {
  const kind = stationKind(body.code)!;
  return {
    code: body.code,
    name: body.name,
    description: body.description,
    kind,
    latitude: body.lat,
    longitude: body.long,
    // Rain stations have no warning levels (the form shows them only for water stations).
    warningLevel1: kind === 'water' ? body.warningLevel1 : null,
    warningLevel2: kind === 'water' ? body.warningLevel2 : null,
    warningLevel3: kind === 'water' ? body.warningLevel3 : null,
    warningLowWater: kind === 'water' ? body.warningLowWater : null,
    unitCode: body.unitCode ?? null,
  };
}

/**
 * What station editing needs of a station's readings, which `readings/` owns (`stationReadings` there; app.ts
 * passes it in): how many there are, and removing them when a warned station is deleted but kept for its CAP.
 */
export interface StationReadings {
  count(db: Db, stationId: number): Promise<number>;
  removeAll(db: Db, stationId: number): Promise<void>;
}

/**
 * What station editing needs of a station's warnings, which `alerts/` owns (`createStationAlerts` there; app.ts
 * passes it in): ending its open warnings when it stops or goes (with a CAP Cancel), and whether it ever warned.
 */
export interface StationAlerts {
  /** Ends the station's open warnings inside `tx`; returns what announces them, to call once `tx` committed. */
  endWarnings(tx: Db, station: StationRow, at: Date): Promise<() => void>;
  /** Whether the station ever had a warning: its row then stays, for the CAP messages that name it. */
  everWarned(db: Db, stationId: number): Promise<boolean>;
}

/** Stations: public list for the map, management for staff with `database`. */
export function createStationsService({
  db,
  bus,
  readings,
  alerts,
  now = () => new Date(),
  units = async () => [],
}: {
  db: Db;
  bus: EventBus;
  readings: StationReadings;
  alerts: StationAlerts;
  now?: () => Date;
  /** The area's units with their boundaries (#26): a station belongs to the one that holds it, unless staff chose. */
  units?: () => Promise<readonly { code: string; name: string; geometry: PolygonalGeometry }[]>;
}) {
  const changed = () => bus.publish(STATIONS_CHANGED, CHANGED);
  /** The unit a station row belongs to: staff's choice, else the one whose boundary holds it. */
  async function unitOfRow(row: { unitCode: string | null; latitude: number; longitude: number }) {
    return stationUnitCode(await units(), { unitCode: row.unitCode, lat: row.latitude, long: row.longitude });
  }
  /** A station change's audit line names the unit it touched (#26 point 3). */
  async function withUnitName(line: string, unit: string | null): Promise<string> {
    const name = (await units()).find((u) => u.code === unit)?.name;
    return name ? `${line} – ${name}` : line;
  }
  /** The stations with their units: staff's choice, else the unit whose boundary holds the station. */
  async function withUnits<S extends Station>(list: S[]): Promise<S[]> {
    const all = await units();
    return list.map((s) => ({ ...s, unitCode: stationUnitCode(all, { ...s, unitCode: s.unitOverride }) }));
  }
  /** A chosen unit must be one of the area's (named on `unitCode`). */
  async function checkUnit(body: Body): Promise<void> {
    if (!body.unitCode) return;
    if ((await units()).some((u) => u.code === body.unitCode)) return;
    const message = `Đơn vị ${body.unitCode} không thuộc khu vực của cổng`;
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'unitCode', message }]);
  }
  async function detail(id: number): Promise<StationDetail> {
    const [station, row, readingCount] = await Promise.all([
      findStation(db, id),
      findStationRow(db, id),
      readings.count(db, id),
    ]);
    if (!station || !row) throw notFound();
    const [withUnit] = await withUnits([station]);
    return { ...withUnit!, pushKey: row.pushKey, readingCount };
  }

  return {
    /** The stations; a commune officer (#26 point 3) sees only those of its units. */
    /** The list; a scoped officer's units only (#26 point 3); `q.unit`: one unit's stations (its pages, point 4). */
    async list(q: StationListQuery, actor?: Actor): Promise<StationPage> {
      if (!actor?.units?.length && !q.unit) {
        const page = await listStations(db, q);
        return { ...page, items: await withUnits(page.items) };
      }
      // Units are found by position: every station is read, then the page is cut from those in scope.
      const all = await withUnits((await listStations(db, { ...q, page: 1, pageSize: 1_000_000 })).items);
      const mine = all.filter((s) => scopeAllowsUnit(actor?.units, s.unitCode) && (!q.unit || s.unitCode === q.unit));
      return pageOfList(mine, q);
    },

    async publicGet(id: number): Promise<Station> {
      const s = await findStation(db, id);
      if (!s) throw notFound();
      return (await withUnits([s]))[0]!;
    },

    async get(actor: Actor | undefined, id: number): Promise<StationDetail> {
      const a = requirePermission(actor, 'database');
      const row = await findStationRow(db, id);
      if (!row) throw notFound();
      requireUnit(a, await unitOfRow(row));
      return detail(id);
    },

    async create(actor: Actor | undefined, body: Body): Promise<StationDetail> {
      const a = requirePermission(actor, 'database');
      await checkUnit(body);
      const unit = stationUnitCode(await units(), {
        unitCode: body.unitCode,
        lat: Number(body.lat),
        long: Number(body.long),
      });
      requireUnit(a, unit);
      const line = await withUnitName(auditOf(STATION_AUDIT.create, body.code, body.name), unit);
      try {
        const id = await db.transaction(async (tx) => {
          const newId = await insertStation(tx, { ...valuesOf(body), pushKey: newPushKey(), userId: a.userId });
          await recordAudit(tx, a, line);
          return newId;
        });
        changed();
        return detail(id);
      } catch (e) {
        if (isUniqueViolation(e)) throw codeTaken();
        throw e;
      }
    },

    async update(actor: Actor | undefined, id: number, body: Body): Promise<StationDetail> {
      const a = requirePermission(actor, 'database');
      const current = await findStationRow(db, id);
      if (!current) throw notFound();
      requireUnit(a, await unitOfRow(current));
      await checkUnit(body);
      const values = valuesOf(body);
      const unit = await unitOfRow(values);
      requireUnit(a, unit);
      const line = await withUnitName(auditOf(STATION_AUDIT.update, values.code, values.name), unit);
      if (values.kind !== current.kind && (await readings.count(db, id)) > 0) {
        throw new AppError('CONFLICT', 'Không thể đổi loại trạm khi trạm đã có số liệu', [
          { field: 'code', message: 'Không thể đổi loại trạm khi trạm đã có số liệu' },
        ]);
      }
      try {
        await db.transaction(async (tx) => {
          await updateStation(tx, id, values);
          await recordAudit(tx, a, line);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw codeTaken();
        throw e;
      }
      changed();
      return detail(id);
    },

    /** A new key: the old one stops working at once. */
    async regenerateKey(actor: Actor | undefined, id: number): Promise<StationDetail> {
      const a = requirePermission(actor, 'database');
      const row = await findStationRow(db, id);
      if (!row) throw notFound();
      requireUnit(a, await unitOfRow(row));
      await db.transaction(async (tx) => {
        await updateStation(tx, id, { pushKey: newPushKey() });
        await recordAudit(tx, a, auditOf(STATION_AUDIT.update, row.code, row.name));
      });
      changed();
      return detail(id);
    },

    /**
     * 'Ngừng hoạt động': pushes are refused and no warning is raised; its open warnings end now with a CAP
     * Cancel. Its readings and warnings stay. 'Hoạt động' takes it back.
     */
    async setStatus(actor: Actor | undefined, id: number, status: StationStatus): Promise<StationDetail> {
      const a = requirePermission(actor, 'database');
      const row = await findStationRow(db, id);
      if (!row) throw notFound();
      requireUnit(a, await unitOfRow(row));
      const announce = await db.transaction(async (tx) => {
        await updateStation(tx, id, { status });
        await recordAudit(
          tx,
          a,
          auditOf(status === 'inactive' ? STATION_AUDIT.deactivate : STATION_AUDIT.activate, row.code, row.name),
        );
        return status === 'inactive' ? alerts.endWarnings(tx, { ...row, status }, now()) : () => {};
      });
      announce();
      changed();
      return detail(id);
    },

    /**
     * Deletes a station and every reading of it, only with its code typed again (`confirm`). Its open
     * warnings end with a CAP Cancel first; the CAP messages it published stay in the feed.
     */
    async remove(actor: Actor | undefined, id: number, confirm: string): Promise<void> {
      const a = requirePermission(actor, 'database');
      const row = await findStationRow(db, id);
      if (!row) throw notFound();
      const unit = await unitOfRow(row);
      requireUnit(a, unit);
      const line = await withUnitName(auditOf(STATION_AUDIT.remove, row.code, row.name), unit);
      if (!confirmsStationDelete(confirm, row.code)) {
        const message = `Nhập mã trạm ${row.code} để xác nhận xoá`;
        throw new AppError('VALIDATION_FAILED', message, [{ field: 'confirm', message }]);
      }
      const announce = await db.transaction(async (tx) => {
        const ended = await alerts.endWarnings(tx, row, now());
        if (await alerts.everWarned(tx, id)) {
          await keepDeletedStation(tx, id, newPushKey());
          await readings.removeAll(tx, id);
        } else {
          await deleteStation(tx, id);
        }
        await recordAudit(tx, a, line);
        return ended;
      });
      announce();
      changed();
    },
  };
}
export type StationsService = ReturnType<typeof createStationsService>;
