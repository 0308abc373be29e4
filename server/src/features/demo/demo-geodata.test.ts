import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCommunes, seedGeoFolder } from '../../db/seed/seed-files';
import { checkRoadNetwork, type DemoGeoInput, distanceMetres, generateDemoPlaces, type Pos } from './demo-geodata';
import { rainImage } from './demo-geodata-files';
import { floodExtent, rainGrid, stormRain } from './demo-geodata-grids';

async function input(): Promise<DemoGeoInput> {
  const read = async (f: string) => JSON.parse(await readFile(path.join(seedGeoFolder(), f), 'utf8'));
  const labels = await read('commune_label_points.geojson');
  return {
    communes: await loadCommunes(),
    labels: new Map(
      labels.features.map((f: { properties: { ID_3: number }; geometry: { coordinates: Pos } }) => [
        String(f.properties.ID_3).padStart(5, '0'),
        f.geometry.coordinates,
      ]),
    ),
    district: (await read('district.geojson')).features[0].geometry,
  };
}

describe('demo geodata generators', () => {
  it('give the same layers at every run (seeded, no Math.random)', async () => {
    const i = await input();
    expect(JSON.stringify(generateDemoPlaces(i))).toBe(JSON.stringify(generateDemoPlaces(i)));
    expect(JSON.stringify(floodExtent(1, 'x'))).toBe(JSON.stringify(floodExtent(1, 'x')));
    expect(JSON.stringify(rainGrid(i.district, 2, 'x'))).toBe(JSON.stringify(rainGrid(i.district, 2, 'x')));
    expect(rainImage(i.district, 0).equals(rainImage(i.district, 0))).toBe(true);
  });

  it('draw roads with a vertex every ~300–500 m, joined at identical end points', async () => {
    const { roads, offices, evacuationPoints } = generateDemoPlaces(await input());
    for (const f of roads.features) {
      const c = f.geometry.coordinates as Pos[];
      for (let k = 1; k < c.length; k++) {
        const d = distanceMetres(c[k - 1]!, c[k]!);
        expect(d, String(f.properties.ref)).toBeGreaterThan(150);
        expect(d, String(f.properties.ref)).toBeLessThan(700);
      }
    }
    const targets = [...offices.features, ...evacuationPoints.features].map((f) => f.geometry.coordinates as Pos);
    expect(checkRoadNetwork(roads, targets)).toEqual({ components: 1, unreached: [] });
  });

  it('moves the storm between hours and keeps it within 0–70 mm/h', () => {
    expect(stormRain(107.11, 21.25, 0)).toBeGreaterThan(50);
    expect(stormRain(107.11, 21.25, 3)).toBeLessThan(stormRain(107.11, 21.25, 0));
    for (let h = -2; h <= 3; h++) {
      for (let x = 106.97; x <= 107.36; x += 0.01) {
        const v = stormRain(x, 21.26, h);
        expect(v >= 0 && v <= 70).toBe(true);
      }
    }
  });
});
