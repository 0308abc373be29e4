import {
  type Area,
  type AreaSettings,
  AreaSettingsSchema,
  type BBox,
  bboxOfPositions,
  DEFAULT_AREA,
  layerPropertyNames,
  positionsOf,
  type RegionUnits,
  regionUnits,
  stationUnitCode,
  unitFullName,
  unitGeometries,
} from '@flood/domain';
import type { Db } from '../../db/client';
import { type Commune, loadCommunes } from '../../db/seed/seed-files';
import { type Actor, requirePermission } from '../../lib/actor';
import type { EventBus } from '../../lib/events';
import { recordAudit } from '../audit/audit.service';
import { newestOfTypes } from '../geodata/geodata.repository';
import type { GeoLayers } from '../geodata/geodata-layers';
import { deleteArea, findArea, saveArea } from './area.repository';

/** Who may set the area: the portal's administrators (`user`), not `system`, which every account holds (#18). */
export const AREA_PERMISSION = 'user' as const;

interface Current {
  settings: AreaSettings;
  isDefault: boolean;
  updatedAt: Date | null;
}

/**
 * The area the portal serves (#26 point 1) and its units with their boundaries: the one source of every text that
 * names the area and of the communes the warnings, CAP messages and subscriptions use. The settings are cached
 * until an 'area' event (this process's save or another's, through the bus); the units' boundaries are the
 * current region layer's features with their codes (the bundled former-district boundaries while the built-in
 * default is in force and the layer lacks a unit).
 */
export function createAreaService(deps: { db: Db; bus: EventBus; layers: GeoLayers; now: () => Date }) {
  let cached: Promise<Current> | undefined;
  deps.bus.subscribe((e) => {
    if (e.type === 'area') cached = undefined;
  });
  const regionLayer = deps.layers.derived(['REGION'], ([region]) => region);

  async function load(): Promise<Current> {
    const row = await findArea(deps.db);
    const parsed = row ? AreaSettingsSchema.safeParse(row.settings) : null;
    if (row && parsed?.success) return { settings: parsed.data, isDefault: false, updatedAt: row.updatedAt };
    return { settings: DEFAULT_AREA, isDefault: true, updatedAt: null };
  }
  function current(): Promise<Current> {
    cached ??= load().catch((e) => {
      cached = undefined;
      throw e;
    });
    return cached;
  }

  let communesMemo: { key: string; value: Promise<{ communes: Commune[]; missing: string[] }> } | undefined;
  async function build(c: Current): Promise<{ communes: Commune[]; missing: string[] }> {
    const layer = await regionLayer(await deps.layers.versions(['REGION']));
    const shapes = unitGeometries(layer, c.settings.unitCodeProperty);
    const bundled = c.isDefault ? await loadCommunes() : [];
    const communes: Commune[] = [];
    const missing: string[] = [];
    for (const u of c.settings.units) {
      const geometry = shapes.get(u.code) ?? bundled.find((b) => b.gsoCode === u.code)?.geometry;
      if (!geometry) {
        missing.push(u.code);
        continue;
      }
      communes.push({
        gsoCode: u.code,
        name: u.name,
        fullName: unitFullName(u),
        district: c.settings.areaName,
        province: c.settings.province,
        geometry,
      });
    }
    return { communes, missing };
  }
  async function unitsOf(): Promise<{ communes: Commune[]; missing: string[] }> {
    const c = await current();
    const v = (await deps.layers.versions(['REGION'])).get('REGION');
    const key = `${c.updatedAt?.getTime() ?? 'default'}|${v ? `${v.id}:${v.sha256 ?? v.path}` : '-'}`;
    if (communesMemo?.key !== key) {
      const entry = { key, value: build(c) };
      entry.value.catch(() => {
        if (communesMemo === entry) communesMemo = undefined;
      });
      communesMemo = entry;
    }
    return communesMemo.value;
  }

  async function units(): Promise<{ code: string; name: string; geometry: Commune['geometry'] }[]> {
    return (await unitsOf()).communes.map((c) => ({ code: c.gsoCode, name: c.fullName, geometry: c.geometry }));
  }

  return {
    /** The settings in force (cached). */
    async settings(): Promise<AreaSettings> {
      return (await current()).settings;
    },

    /** Whether the built-in default is in force (no area saved). */
    async isDefault(): Promise<boolean> {
      return (await current()).isDefault;
    },

    /** The units with a boundary, as the warnings, the CAP feed and the subscriptions use them. */
    async communes(): Promise<Commune[]> {
      return (await unitsOf()).communes;
    },

    /** The units with a boundary, as the stations and readings place them: code, full name, boundary. */
    units,

    /** Whether a code is one of the area's units (a unit's public pages, #26 point 4). */
    async isUnit(code: string): Promise<boolean> {
      return (await current()).settings.units.some((u) => u.code === code);
    },

    /** The unit a station belongs to (#26): staff's choice, else the unit whose boundary holds it. */
    async unitOfStation(s: { unitCode: string | null; latitude: number; longitude: number }): Promise<string | null> {
      return stationUnitCode(await units(), { unitCode: s.unitCode, lat: s.latitude, long: s.longitude });
    },

    /** The units' extent ([west, south, east, north]), or null when none has a boundary: search and routing (#26). */
    async bbox(): Promise<BBox | null> {
      return boxOf((await unitsOf()).communes);
    },

    /** The public answer of `GET /api/area`: settings, whether default, bounds of the units, units lacking one. */
    async area(): Promise<Area> {
      const c = await current();
      const { communes, missing } = await unitsOf();
      const box = boxOf(communes);
      return {
        settings: c.settings,
        isDefault: c.isDefault,
        updatedAt: c.updatedAt?.toISOString() ?? null,
        bounds: box
          ? [
              [box[1], box[0]],
              [box[3], box[2]],
            ]
          : null,
        unitsWithoutBoundary: missing,
      };
    },

    /** The units the current region layer holds, read with the chosen properties (the page's 'Lấy từ lớp ranh giới'). */
    async regionUnits(
      actor: Actor | undefined,
      q: { codeProperty: string; nameProperty: string; typeProperty?: string | undefined },
    ): Promise<RegionUnits> {
      requirePermission(actor, AREA_PERMISSION);
      const versions = await deps.layers.versions(['REGION']);
      const layer = await regionLayer(versions);
      const [file] = await newestOfTypes(deps.db, ['REGION']);
      return { properties: layerPropertyNames(layer), ...regionUnits(layer, q), file: file?.name ?? null };
    },

    /** Back to the built-in default (the former district's pre-2025 units, their bundled boundaries). */
    async reset(actor: Actor | undefined): Promise<Area> {
      const a = requirePermission(actor, AREA_PERMISSION);
      await deps.db.transaction(async (tx) => {
        if (await deleteArea(tx))
          await recordAudit(tx, a, 'Đặt lại khu vực mặc định (huyện Ba Chẽ cũ, trước 01/07/2025)');
      });
      cached = undefined;
      deps.bus.publish('area', {});
      return this.area();
    },

    /** Saves the area; every page, message and feed follows at once (the 'area' event), without a restart. */
    async save(actor: Actor | undefined, body: AreaSettings): Promise<Area> {
      const a = requirePermission(actor, AREA_PERMISSION);
      const before = (await current()).settings;
      await deps.db.transaction(async (tx) => {
        await saveArea(tx, body, a.userId, deps.now());
        const units = body.units.map((u) => `${unitFullName(u)} (${u.code})`).join(', ');
        const renamed = before.portalName !== body.portalName ? ` (trước: ${before.portalName})` : '';
        await recordAudit(tx, a, `Cập nhật khu vực: ${body.portalName}${renamed}; đơn vị: ${units}`.slice(0, 2000));
      });
      cached = undefined;
      deps.bus.publish('area', {});
      return this.area();
    },
  };
}
/** The extent of the units' boundaries, [west, south, east, north]; null when there are none. */
function boxOf(communes: readonly Commune[]): BBox | null {
  return bboxOfPositions(communes.flatMap((u) => [...positionsOf(u.geometry)]));
}

export type AreaService = ReturnType<typeof createAreaService>;
