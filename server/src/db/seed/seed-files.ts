import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PolygonalGeometry } from '@flood/domain';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The district's base geodata: next to this file in src/db/seed, or copied next to the bundle in dist. */
export function seedGeoFolder(): string {
  const candidates = [path.join(here, 'geo'), path.join(here, 'seed', 'geo')];
  const found = candidates.find((c) => existsSync(path.join(c, 'communes.geojson')));
  if (!found) throw new Error(`seed geodata not found in ${candidates.join(', ')}`);
  return found;
}

export interface Commune {
  /** GSO (General Statistics Office) code of the commune, e.g. '06988'. */
  gsoCode: string;
  name: string;
  fullName: string;
  district: string;
  province: string;
  geometry: PolygonalGeometry;
}

let communes: Promise<Commune[]> | null = null;

/** The communes of the district (seed/geo/communes.geojson, GADM + GSO codes; see SOURCES.md), read once. */
export function loadCommunes(): Promise<Commune[]> {
  communes ??= readFile(path.join(seedGeoFolder(), 'communes.geojson'), 'utf8').then((text) => {
    const fc = JSON.parse(text) as {
      features: { properties: Record<string, string | number>; geometry: PolygonalGeometry }[];
    };
    return fc.features.map((f) => ({
      gsoCode: String(f.properties.GSO_CODE),
      name: String(f.properties.NAME_3),
      fullName: String(f.properties.FULLNAME_3),
      district: String(f.properties.NAME_2),
      province: String(f.properties.NAME_1),
      geometry: f.geometry,
    }));
  });
  return communes;
}
