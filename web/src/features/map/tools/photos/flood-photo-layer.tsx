import type { Map as LeafletMap } from 'leaflet';

/** Placeholder until the flood photos layer is built (issue #8). */
export function FloodPhotoLayer(_props: { map: LeafletMap | null; resetSignal: number }) {
  return null;
}
