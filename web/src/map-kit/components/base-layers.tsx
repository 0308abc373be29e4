import type { Language } from '@flood/domain';
import type { Feature, FeatureCollection, Point } from 'geojson';
import { divIcon, geoJSON, type Layer } from 'leaflet';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Pane, useMapEvents } from 'react-leaflet';
import { inAntdScope } from '../../app/antd-lazy';
import { useNewestGeoJson } from '../hooks/use-map-data';
import { useMapTurn } from '../hooks/use-map-turn';
import { escapeHtml } from '../model/html';
import type { OverlayKey } from '../model/layer-state';
import { REGION_LABEL_MIN_ZOOM } from '../model/map-constants';
import { formatMapNumber } from '../model/map-texts';
import { REGION_STYLE, regionColour } from '../model/region-style';
import { FeatureLayer, type FeatureProperties } from './feature-layer';

/** Routes saved by staff, drawn with the evacuation roads (loaded when the overlay is first switched on). */
// In the antd scope its list uses, fetched with it (the public map's first load has no antd).
const SavedRoutes = lazy(() => inAntdScope(import('./saved-routes')));

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Commune names: the label points when there are, else the middle of each commune; from zoom 11 on. */
function RegionLabels() {
  const [zoom, setZoom] = useState<number | null>(null);
  const map = useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const current = zoom ?? map.getZoom();
  const labels = useNewestGeoJson('COMMUNE_LABEL');
  const regions = useNewestGeoJson('REGION');
  const points = useMemo(() => labelPoints(labels.data, regions.data), [labels.data, regions.data]);
  const shown = current >= REGION_LABEL_MIN_ZOOM;
  // The labels' markers drawn in a task of their own (map-turns.ts).
  const turn = useMapTurn(shown && points.length > 0);
  if (!shown || !turn) return null;
  return points.map((p) => (
    <Marker
      key={`${p.name}-${p.lat}-${p.lng}`}
      position={[p.lat, p.lng]}
      interactive={false}
      keyboard={false}
      icon={divIcon({ className: 'region-label', html: `<span>${escapeHtml(p.name)}</span>`, iconSize: [0, 0] })}
    />
  ));
}

function labelPoints(labels: FeatureCollection | undefined, regions: FeatureCollection | undefined) {
  const out: { name: string; lat: number; lng: number }[] = [];
  if (labels?.features.length) {
    for (const f of labels.features as Feature<Point>[]) {
      const [lng, lat] = f.geometry?.type === 'Point' ? f.geometry.coordinates : [];
      const name = text(f.properties?.NAME_3);
      if (name && Number.isFinite(lat) && Number.isFinite(lng)) out.push({ name, lat: lat!, lng: lng! });
    }
    return out;
  }
  for (const f of regions?.features ?? []) {
    const name = text(f.properties?.NAME_3);
    if (!name) continue;
    const centre = geoJSON(f).getBounds().getCenter();
    out.push({ name, lat: centre.lat, lng: centre.lng });
  }
  return out;
}

/**
 * The district's fixed layers: communes coloured by area id with their names, commune offices (always),
 * and the overlays flood marks, evacuation roads and evacuation points (switched in the layers menu).
 * Lines are SVG in their own pane above the canvas of the GeoJSON data layer; points are markers above them.
 */
export function BaseLayers({ overlays }: { overlays: Record<OverlayKey, boolean> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const tooltip = (content: string) => (layer: Layer) => {
    if (content) layer.bindTooltip(escapeHtml(content), { direction: 'top' });
  };
  return (
    <>
      <Pane name="regions" style={{ zIndex: 350 }}>
        <FeatureLayer
          type="REGION"
          interactive={false}
          style={(f) => ({ ...REGION_STYLE, fillColor: regionColour(f?.properties?.ID_3) })}
        />
      </Pane>
      <Pane name="overlays" style={{ zIndex: 420 }}>
        <FeatureLayer
          type="EVACUATION_ROAD"
          on={overlays.evacuationRoads}
          style={{ color: '#2e7d32', weight: 4, opacity: 0.9, dashArray: '8 6' }}
          bind={(p, layer) => tooltip([text(p.ref), text(p.ten)].filter(Boolean).join(' – '))(layer)}
        />
        {overlays.evacuationRoads && (
          <Suspense fallback={null}>
            <SavedRoutes />
          </Suspense>
        )}
      </Pane>
      <Pane name="labels" style={{ zIndex: 450, pointerEvents: 'none' }}>
        <RegionLabels />
      </Pane>
      {/*
       * Points above the data canvas and the flood photos (a small target under a large one cannot be tapped),
       * under the station markers (pane 'stations').
       */}
      <Pane name="points" style={{ zIndex: 620 }}>
        <FeatureLayer
          type="COMMUNE_OFFICE"
          pane="points"
          point={{ colour: '#c62828', kind: 'office', label: (p) => text(p.Comune) }}
          bind={(p, layer) => tooltip(text(p.Comune))(layer)}
        />
        <FeatureLayer
          type="FLOOD_MARK"
          on={overlays.floodMarks}
          pane="points"
          version={lang}
          point={{ colour: '#6a1b9a', kind: 'flood-mark', label: (p) => text(p.diachi) }}
          bind={(p, layer) =>
            layer.bindPopup(floodMarkPopup(p, t('map.floodMarkHeight', { value: heightText(p, lang) })))
          }
        />
        <FeatureLayer
          type="EVACUATION_POINT"
          on={overlays.evacuationPoints}
          pane="points"
          version={lang}
          point={{ colour: '#2e7d32', kind: 'evacuation', label: (p) => text(p.ten) }}
          bind={(p, layer) => layer.bindPopup(`<strong>${escapeHtml(p.ten)}</strong>`)}
        />
      </Pane>
    </>
  );
}

function heightText(p: FeatureProperties, lang: Language): string {
  const v = Number(p.caodovet_1);
  return Number.isFinite(v) ? formatMapNumber(v, 2, lang) : text(p.caodovet_1);
}

function floodMarkPopup(p: FeatureProperties, height: string): string {
  return `<strong>${escapeHtml(p.diachi)}</strong><br>${escapeHtml(height)}`;
}
