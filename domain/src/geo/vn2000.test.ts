import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { crsLabel, crsOfChoice, QUANG_NINH_MERIDIAN } from './crs';
import { haversineMetres } from './distance';
import type { Position } from './geometry';
import {
  crsOfGeoJsonMember,
  fromWgs84Converter,
  looksProjected,
  mapPositions,
  readPrj,
  toWgs84Converter,
  vn2000Definition,
  vn2000ShiftCheck,
} from './vn2000';

/**
 * Reference points around Ba Chẽ, made with PROJ 9.1.1 (the maintained C library, Debian's proj-bin), from the
 * WGS84 points below (latitude longitude, one per line, in pts.txt):
 *
 *   cs2cs -f "%.4f" EPSG:4326 EPSG:5899 pts.txt   # VN-2000 / TM-3 107-45: easting northing (m)
 *   cs2cs -f "%.9f" EPSG:4326 EPSG:4756 pts.txt   # VN-2000 geographic: latitude longitude
 *
 * PROJ takes the EPSG:6960 transformation (VN-2000 to WGS 84 (2)) from its EPSG database; the code under test uses
 * proj4js with its own definition string, so these fixtures check that string (datum shift, rotation signs, zone).
 */
const POINTS: { wgs84: Position; tm3: Position; geographic: Position }[] = [
  { wgs84: [107.267796, 21.274446], tm3: [449766.9083, 2353415.6646], geographic: [107.26591425, 21.275446856] },
  { wgs84: [107.18, 21.33], tm3: [440678.3987, 2359596.6031], geographic: [107.178117253, 21.330999663] },
  { wgs84: [107.36, 21.21], tm3: [459317.3839, 2346254.3804], geographic: [107.358119377, 21.211002125] },
  { wgs84: [107.55, 21.15], tm3: [479033.7844, 2339575.1313], geographic: [107.548120781, 21.151004465] },
];

describe('VN-2000 to WGS84 (#26 point 5)', () => {
  it('converts TM-3 107°45′ eastings and northings to within 2 m (in fact centimetres) of PROJ', () => {
    const convert = toWgs84Converter({ kind: 'vn2000-tm3', meridian: QUANG_NINH_MERIDIAN });
    for (const p of POINTS) expect(haversineMetres(convert(p.tm3), p.wgs84)).toBeLessThan(0.05);
  });

  it('converts VN-2000 latitude/longitude to within 2 m (in fact centimetres) of PROJ', () => {
    const convert = toWgs84Converter({ kind: 'vn2000-geographic' });
    for (const p of POINTS) expect(haversineMetres(convert(p.geographic), p.wgs84)).toBeLessThan(0.05);
  });

  it('VN-2000 coordinates read as WGS84 are ~200 m off, which the conversion removes', () => {
    for (const p of POINTS) {
      const off = haversineMetres(p.geographic, p.wgs84);
      expect(off).toBeGreaterThan(150);
      expect(off).toBeLessThan(300);
    }
  });

  it("EPSG's rotation signs (coordinate frame) written into +towgs84 as they are land decimetres off PROJ", () => {
    const ours = vn2000Definition({ kind: 'vn2000-geographic' });
    const wrong = ours.replace('0.00928836,-0.01975479,0.00427372', '-0.00928836,0.01975479,-0.00427372');
    expect(wrong).not.toBe(ours);
    const convert = proj4(wrong, '+proj=longlat +datum=WGS84 +no_defs');
    for (const p of POINTS) {
      expect(haversineMetres(convert.forward([p.geographic[0]!, p.geographic[1]!]), p.wgs84)).toBeGreaterThan(0.1);
    }
  });

  it('goes back from WGS84 to TM-3 within centimetres', () => {
    const back = fromWgs84Converter({ kind: 'vn2000-tm3', meridian: QUANG_NINH_MERIDIAN });
    for (const p of POINTS) {
      const [x, y] = back(p.wgs84);
      expect(Math.hypot(x! - p.tm3[0]!, y! - p.tm3[1]!)).toBeLessThan(0.05);
    }
  });

  it('WGS84 stays as it is; a third coordinate (height) is kept', () => {
    expect(toWgs84Converter({ kind: 'wgs84' })([107.1, 21.2])).toEqual([107.1, 21.2]);
    const withHeight = toWgs84Converter({ kind: 'vn2000-tm3', meridian: QUANG_NINH_MERIDIAN })([
      449766.9083, 2353415.6646, 12,
    ]);
    expect(withHeight).toHaveLength(3);
    expect(withHeight[2]).toBe(12);
  });
});

describe('mapPositions', () => {
  it('converts every position of a collection and leaves properties alone', () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { ten: 'Xã Ba Chẽ', coordinates: [1, 2] },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [1, 2],
                  [3, 4],
                  [5, 6],
                  [1, 2],
                ],
              ],
            ],
          },
        },
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [7, 8] } },
      ],
    };
    const out = mapPositions(collection, (p) => [p[0]! * 10, p[1]! * 10]);
    expect(out.features[0]!.geometry.coordinates).toEqual([
      [
        [
          [10, 20],
          [30, 40],
          [50, 60],
          [10, 20],
        ],
      ],
    ]);
    expect(out.features[1]!.geometry.coordinates).toEqual([70, 80]);
    expect(out.features[0]!.properties).toEqual({ ten: 'Xã Ba Chẽ', coordinates: [1, 2] });
    expect(collection.features[1]!.geometry.coordinates).toEqual([7, 8]);
  });
});

describe('looksProjected', () => {
  it('tells metres from degrees', () => {
    expect(looksProjected([[449766.9, 2353415.7]])).toBe(true);
    expect(looksProjected([[107.27, 21.27]])).toBe(false);
    expect(looksProjected([])).toBe(false);
  });
});

/** .prj texts as PROJ 9.1.1 writes them: `projinfo EPSG:<code> -o WKT1_ESRI -q` (and WKT1_GDAL --single-line). */
const PRJ = {
  tm3Esri:
    'PROJCS["VN_2000_TM-3_107-45",GEOGCS["GCS_VN_2000",DATUM["D_Vietnam_2000",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",107.75],PARAMETER["Scale_Factor",0.9999],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  tm3Gdal:
    'PROJCS["VN-2000 / TM-3 107-45",GEOGCS["VN-2000",DATUM["Vietnam_2000",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6756"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4756"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",107.75],PARAMETER["scale_factor",0.9999],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","5899"]]',
  vn2000:
    'GEOGCS["GCS_VN_2000",DATUM["D_Vietnam_2000",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
  wgs84:
    'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
  utm48:
    'PROJCS["VN_2000_UTM_Zone_48N",GEOGCS["GCS_VN_2000",DATUM["D_Vietnam_2000",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",105.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
  wgs84Utm48:
    'PROJCS["WGS_1984_UTM_Zone_48N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",105.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]',
};

describe("a shapefile's .prj", () => {
  it('names VN-2000 TM-3 (ESRI and GDAL WKT), VN-2000 and WGS84 geographic, VN-2000 UTM 48N', () => {
    expect(readPrj(PRJ.tm3Esri)).toEqual({ crs: { kind: 'vn2000-tm3', meridian: 107.75 } });
    expect(readPrj(PRJ.tm3Gdal)).toEqual({ crs: { kind: 'vn2000-tm3', meridian: 107.75 } });
    expect(readPrj(PRJ.vn2000)).toEqual({ crs: { kind: 'vn2000-geographic' } });
    expect(readPrj(PRJ.wgs84)).toEqual({ crs: { kind: 'wgs84' } });
    expect(readPrj(PRJ.utm48)).toEqual({ crs: { kind: 'vn2000-utm', zone: 48 } });
  });

  it('refuses what it does not handle, naming it', () => {
    expect(readPrj(PRJ.wgs84Utm48)).toEqual({ unsupported: expect.stringContaining('WGS_1984_UTM_Zone_48N') });
    expect(readPrj('GEOGCS["Hanoi 1972",DATUM["Hanoi_1972"]]')).toEqual({ unsupported: 'Hanoi_1972' });
  });

  it('VN-2000 UTM 48N converts to within centimetres of PROJ (cs2cs EPSG:4326 EPSG:3405)', () => {
    const convert = toWgs84Converter({ kind: 'vn2000-utm', zone: 48 });
    expect(haversineMetres(convert([735104.4811, 2354320.0696]), [107.267796, 21.274446])).toBeLessThan(0.05);
    expect(haversineMetres(convert([725906.603, 2360343.4633]), [107.18, 21.33])).toBeLessThan(0.05);
  });
});

describe('VN-2000 latitude/longitude presented as WGS84 (#26 point 5)', () => {
  /** A commune-like ring of WGS84 corners around Ba Chẽ (the reference, as the unit layer holds it). */
  const ring: Position[] = Array.from({ length: 120 }, (_, i) => {
    const a = (i / 120) * 2 * Math.PI;
    return [107.27 + 0.06 * Math.cos(a), 21.27 + 0.04 * Math.sin(a)];
  });
  const toVn2000 = fromWgs84Converter({ kind: 'vn2000-geographic' });

  it('the same boundary in VN-2000 degrees is suspected; in WGS84 it is not', () => {
    const shifted = vn2000ShiftCheck(ring.map(toVn2000), ring);
    expect(shifted.suspected).toBe(true);
    expect(shifted.asWgs84).toBeGreaterThan(150);
    expect(shifted.asVn2000).toBeLessThan(1);
    const right = vn2000ShiftCheck(ring, ring);
    expect(right.suspected).toBe(false);
    expect(right.asWgs84).toBeLessThan(1);
  });

  it('a file about other places is not judged', () => {
    const far = ring.map((p) => [p[0]! + 1, p[1]! + 1]);
    expect(vn2000ShiftCheck(far, ring).suspected).toBe(false);
  });
});

describe("a GeoJSON file's crs member and the uploader's choice", () => {
  it('reads the names GDAL writes', () => {
    const named = (name: string) => ({ type: 'name', properties: { name } });
    expect(crsOfGeoJsonMember(undefined)).toBeNull();
    expect(crsOfGeoJsonMember(named('urn:ogc:def:crs:EPSG::4756'))).toEqual({ kind: 'vn2000-geographic' });
    expect(crsOfGeoJsonMember(named('urn:ogc:def:crs:EPSG::5899'))).toEqual({ kind: 'vn2000-tm3', meridian: 107.75 });
    expect(crsOfGeoJsonMember(named('EPSG:9216'))).toEqual({ kind: 'vn2000-tm3', meridian: 107.5 });
    expect(crsOfGeoJsonMember(named('urn:ogc:def:crs:EPSG::3405'))).toEqual({ kind: 'vn2000-utm', zone: 48 });
    expect(crsOfGeoJsonMember(named('urn:ogc:def:crs:OGC:1.3:CRS84'))).toEqual({ kind: 'wgs84' });
    expect(crsOfGeoJsonMember(named('urn:ogc:def:crs:EPSG::3857'))).toEqual({
      unsupported: 'urn:ogc:def:crs:EPSG::3857',
    });
  });

  it('names the choices and the systems', () => {
    expect(crsOfChoice('vn2000-tm3')).toEqual({ kind: 'vn2000-tm3', meridian: 107.75 });
    expect(crsOfChoice('vn2000-tm3', 107.5)).toEqual({ kind: 'vn2000-tm3', meridian: 107.5 });
    expect(crsOfChoice('vn2000-utm49')).toEqual({ kind: 'vn2000-utm', zone: 49 });
    expect(crsLabel({ kind: 'vn2000-tm3', meridian: 107.75 })).toBe('VN-2000 / TM-3 107°45′');
    expect(crsLabel({ kind: 'vn2000-tm3', meridian: 105 })).toBe('VN-2000 / TM-3 105°00′');
    expect(crsLabel({ kind: 'vn2000-geographic' })).toBe('VN-2000');
  });
});
