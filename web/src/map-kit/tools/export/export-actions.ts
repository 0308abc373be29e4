import { GridLayer, type Map as LeafletMap } from 'leaflet';
import { saveBlob } from '../../../lib/api/download';
import { exportMapPdf, exportMapPng, IMAGE_TIMEOUT_MS, type MapSheetInput } from './map-snapshot';

/** Resolves when every base layer has loaded the tiles of the view, or after `timeoutMs` (spec §9: 5000 ms). */
export function whenTilesLoaded(map: LeafletMap, timeoutMs = IMAGE_TIMEOUT_MS): Promise<void> {
  const loading: GridLayer[] = [];
  map.eachLayer((layer) => {
    if (layer instanceof GridLayer && layer.isLoading()) loading.push(layer);
  });
  if (loading.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = loading.length;
    const timer = setTimeout(finish, timeoutMs);
    const onLoad = () => {
      left--;
      if (left === 0) finish();
    };
    function finish() {
      clearTimeout(timer);
      for (const l of loading) l.off('load', onLoad);
      resolve();
    }
    for (const l of loading) l.once('load', onLoad);
  });
}

/** Waits for the view's tiles, draws the map as PNG or PDF and saves it; returns how many tiles were left out. */
export async function exportAndSave(
  map: LeafletMap,
  format: 'png' | 'pdf',
  input: Omit<MapSheetInput, 'mapElement'>,
  fileName: string,
): Promise<{ skippedTiles: number }> {
  await whenTilesLoaded(map, input.imageTimeoutMs);
  const full = { ...input, mapElement: map.getContainer() };
  const { blob, skippedTiles } = format === 'png' ? await exportMapPng(full) : await exportMapPdf(full);
  saveBlob(blob, fileName);
  return { skippedTiles };
}
