import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useState } from 'react';
import { useMapFloodPhotos } from '../../../flood-photos';
import type { PhotoClusterLayer } from './photo-cluster-layer';

/**
 * The flood photos of the public map (public-portal §2 "clustered photo markers with a popup"): the list is
 * fetched every minute and after a post; the markers' code (clustering, popups) is loaded only once there is
 * a photo to show, so the map's first load carries just this component. 'Làm mới bản đồ' closes the open
 * popup (the toolbar does it) and leaves the photos, so `resetSignal` needs nothing more here.
 */
export function FloodPhotoLayer({ map }: { map: LeafletMap | null; resetSignal: number }) {
  const { data } = useMapFloodPhotos();
  const [layer, setLayer] = useState<PhotoClusterLayer | null>(null);
  const wanted = Boolean(map && data?.length);

  useEffect(() => {
    if (!map || !wanted) return;
    let alive = true;
    let created: PhotoClusterLayer | null = null;
    import('./photo-cluster-layer')
      .then(({ createPhotoClusterLayer }) => {
        if (!alive) return;
        created = createPhotoClusterLayer(map);
        setLayer(created);
      })
      .catch(() => {
        // Offline or a new release: the photos stay off the map until the next load.
      });
    return () => {
      alive = false;
      created?.remove();
      setLayer(null);
    };
  }, [map, wanted]);

  useEffect(() => layer?.setPhotos(data ?? []), [layer, data]);
  return null;
}
