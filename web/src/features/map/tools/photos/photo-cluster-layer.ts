import { FLOOD_PHOTO_CLUSTER_RADIUS, FLOOD_PHOTO_THUMB_PX, type FloodPhoto } from '@flood/domain';
import {
  divIcon,
  type LatLng,
  type LayerGroup,
  type Map as LeafletMap,
  latLng,
  latLngBounds,
  layerGroup,
  type Marker,
  marker,
  point,
  popup,
} from 'leaflet';
import { i18n } from '../../../../lib/i18n';
import { MARKERS_PER_TASK } from '../../../../map-kit/model/map-constants';
import { mapTurn } from '../../../../map-kit/model/map-turns';
import { clusterPoints } from './cluster-points';
import { buildClusterPopup, buildPhotoPopup, h, photoText } from './photo-popups';
import './photos.css';

/** Photos whose marker is a cluster, at one zoom. */
interface PhotoCluster {
  key: string;
  photos: FloodPhoto[];
  at: LatLng;
}

export interface PhotoClusterLayer {
  /** The photos to show, newest first (the newest one is a cluster's face). */
  setPhotos(photos: readonly FloodPhoto[]): void;
  remove(): void;
}

const HALF = FLOOD_PHOTO_THUMB_PX / 2;
/** Popups of markers open above the 40 px icon; a popup opened at a photo's position matches them. */
const POPUP = { maxWidth: 272, minWidth: 200, autoPanPadding: point(16, 16), className: 'flood-photo-leaflet-popup' };

const positionOf = (p: FloodPhoto) => latLng(p.lat, p.long);

/** The layer on the map, and a photo waiting to be shown by it once it draws it. */
let live: { flushFocus: () => void } | null = null;
let waiting: FloodPhoto | null = null;

/**
 * A photo just posted (the form, after 'Cập nhật thành công'): as soon as the layer draws it, the map zooms
 * until it stands alone and opens it, so its poster sees it there.
 */
export function focusPhoto(photo: FloodPhoto): void {
  waiting = photo;
  live?.flushFocus();
}

/**
 * The flood photos of the public map (issue #8, public-portal §2 and §9): 40 px thumbnails clustered within
 * 100 px on screen, drawn on the map directly. Clusters are computed per zoom (the seeds follow the photos'
 * order, so a pan never regroups them); only the markers near the view exist, updated after each move.
 */
export function createPhotoClusterLayer(map: LeafletMap): PhotoClusterLayer {
  const group: LayerGroup = layerGroup().addTo(map);
  const markers = new Map<string, Marker>();
  /** The latest drawing of the markers (addInTasks); -1 once the layer is removed. */
  let drawing = 0;
  const single = popup({ ...POPUP, offset: point(0, 7 - HALF) });
  let photos: readonly FloodPhoto[] = [];
  let clusters: PhotoCluster[] = [];
  let clusteredAt: number | null = null;

  function clustersAt(zoom: number): PhotoCluster[] {
    const found = clusterPoints(
      photos.map((p) => map.project(positionOf(p), zoom)),
      FLOOD_PHOTO_CLUSTER_RADIUS,
    );
    return found.map((c) => {
      const members = c.members.map((i) => photos[i]!);
      return {
        key: members.map((p) => p.id).join(','),
        photos: members,
        at: members.length === 1 ? positionOf(members[0]!) : map.unproject(point(c.x, c.y), zoom),
      };
    });
  }

  function iconOf(cluster: PhotoCluster) {
    const face = cluster.photos[0]!;
    const count = cluster.photos.length;
    const img = h('img', { src: face.thumbnail, alt: '', width: FLOOD_PHOTO_THUMB_PX, height: FLOOD_PHOTO_THUMB_PX });
    const html =
      count === 1
        ? h('div', { class: 'flood-photo-marker', 'data-testid': `flood-photo-marker-${face.id}` }, img)
        : h(
            'div',
            {
              class: 'flood-photo-marker flood-photo-cluster',
              'data-testid': 'flood-photo-cluster',
              'data-count': count,
            },
            img,
            h('span', { class: 'flood-photo-count' }, String(count)),
          );
    return divIcon({
      html,
      className: 'flood-photo-icon',
      iconSize: [FLOOD_PHOTO_THUMB_PX, FLOOD_PHOTO_THUMB_PX],
      iconAnchor: [HALF, HALF],
      popupAnchor: [0, -HALF],
    });
  }

  /** Zooms in on a cluster: to the zoom where it splits, fitted to its photos. */
  function zoomInOn(cluster: PhotoCluster) {
    map.closePopup();
    map.fitBounds(latLngBounds(cluster.photos.map(positionOf)), { padding: [60, 60], maxZoom: map.getMaxZoom() });
  }

  function markerOf(cluster: PhotoCluster): Marker {
    const face = cluster.photos[0]!;
    const count = cluster.photos.length;
    const label =
      count === 1
        ? photoText('marker', { location: face.location })
        : photoText('clusterNear', { count, location: face.location });
    const m = marker(cluster.at, { icon: iconOf(cluster), title: label, riseOnHover: true });
    m.on('add', () => m.getElement()?.setAttribute('aria-label', label));
    if (count === 1) {
      m.bindPopup(() => buildPhotoPopup(face), POPUP);
    } else {
      const spread = cluster.photos.some((p) => p.lat !== face.lat || p.long !== face.long);
      m.bindPopup(
        () =>
          buildClusterPopup(cluster.photos, {
            zoomIn: spread && map.getZoom() < map.getMaxZoom() ? () => zoomInOn(cluster) : undefined,
            open: openPhoto,
          }),
        POPUP,
      );
    }
    return m;
  }

  /** Brings the markers up to date with the zoom, the view and the photos. */
  function render() {
    const zoom = map.getZoom();
    if (clusteredAt !== zoom) {
      clusters = clustersAt(zoom);
      clusteredAt = zoom;
    }
    const near = map.getBounds().pad(0.5);
    const keep = new Set<string>();
    const missing: [string, PhotoCluster][] = [];
    for (const cluster of clusters) {
      if (!near.contains(cluster.at)) continue;
      const key = `${cluster.key}@${cluster.at.lat.toFixed(6)},${cluster.at.lng.toFixed(6)}`;
      keep.add(key);
      if (!markers.has(key)) missing.push([key, cluster]);
    }
    for (const [key, m] of markers) {
      if (!keep.has(key)) {
        group.removeLayer(m);
        markers.delete(key);
      }
    }
    void addInTasks(missing, ++drawing);
  }

  /**
   * Adds the missing markers a few per task, each batch in a turn of the map's drawing (map-turns.ts; #25, point 3:
   * each is an image and its events, 2–4 ms of a phone's main thread; a map's photos drawn at once were one long
   * task of its first view). A newer drawing (a move, new photos) or the layer's removal stops an older one.
   */
  async function addInTasks(missing: readonly [string, PhotoCluster][], mine: number) {
    for (let i = 0; i < missing.length; i += MARKERS_PER_TASK) {
      const end = await mapTurn();
      try {
        if (mine !== drawing) return;
        for (const [key, cluster] of missing.slice(i, i + MARKERS_PER_TASK)) {
          if (markers.has(key)) continue;
          const m = markerOf(cluster);
          markers.set(key, m);
          group.addLayer(m);
        }
      } finally {
        end();
      }
    }
  }

  function redraw() {
    group.clearLayers();
    markers.clear();
    clusteredAt = null;
    render();
  }

  /** The first zoom (from the current one up) at which the photo has its own marker; null if never. */
  function aloneFrom(photo: FloodPhoto): number | null {
    for (let zoom = map.getZoom(); zoom <= map.getMaxZoom(); zoom++) {
      const own = clustersAt(zoom).find((c) => c.photos.some((p) => p.id === photo.id));
      if (!own || own.photos.length === 1) return zoom;
    }
    return null;
  }

  function showSingle(photo: FloodPhoto) {
    single.setLatLng(positionOf(photo)).setContent(buildPhotoPopup(photo)).openOn(map);
  }

  function openPhoto(photo: FloodPhoto) {
    map.closePopup();
    const zoom = aloneFrom(photo);
    const here = positionOf(photo);
    if (zoom === null || (zoom === map.getZoom() && map.getBounds().contains(here))) {
      showSingle(photo);
      return;
    }
    map.once('moveend', () => showSingle(photo));
    map.setView(here, zoom);
  }

  function flushFocus() {
    const photo = waiting;
    if (photo && photos.some((p) => p.id === photo.id)) {
      waiting = null;
      openPhoto(photo);
    }
  }

  map.on('moveend', render);
  i18n.on('languageChanged', redraw);
  const self = { flushFocus };
  live = self;

  return {
    setPhotos(next) {
      if (next === photos) return;
      photos = next;
      // Unchanged clusters keep their markers (and an open popup); changed ones are drawn again.
      clusteredAt = null;
      render();
      flushFocus();
    },
    remove() {
      if (live === self) live = null;
      drawing = -1;
      map.off('moveend', render);
      i18n.off('languageChanged', redraw);
      map.closePopup(single);
      group.remove();
      markers.clear();
    },
  };
}
