// shpjs 6 ships no types: the two parsers used here (server/src/features/geodata/geo-upload.ts).
declare module 'shpjs' {
  /** A .shp's geometries as GeoJSON, in the file's own coordinates when no .prj is given. */
  export function parseShp(shp: DataView | ArrayBuffer | Uint8Array, prj?: string): unknown[];
  /** A .dbf's rows, decoded with the .cpg's code page (UTF-8 when absent). */
  export function parseDbf(dbf: DataView | ArrayBuffer | Uint8Array, cpg?: string): Record<string, unknown>[];
}
