import type { GeodataType } from '@flood/domain';
import type { Feature } from 'geojson';
import { divIcon, type LatLng, type Layer, marker, type PathOptions, type StyleFunction } from 'leaflet';
import { GeoJSON } from 'react-leaflet';
import { useNewestGeoJson } from '../hooks/use-map-data';
import { useMapTurn } from '../hooks/use-map-turn';
import { escapeHtml } from '../model/html';

export type FeatureProperties = Record<string, unknown>;

/** How the points of a layer are drawn: a dot of this colour inside a hit area a finger can tap. */
export interface PointStyle {
  /** The dot's fill. */
  colour: string;
  /** Names the layer's markers (`map-point-{kind}`), for the CSS and the tests. */
  kind: string;
  /** The marker's accessible name (its place or name). */
  label?: (properties: FeatureProperties) => string;
}

export interface FeatureLayerProps {
  /** The newest item of this type is drawn. */
  type: GeodataType;
  /** Drawn and fetched only while on. */
  on?: boolean;
  style?: PathOptions | StyleFunction;
  /** Points are drawn as dots with this style. */
  point?: PointStyle;
  /** The pane the layer is drawn in (its points too: Leaflet does not hand it to `pointToLayer`'s markers). */
  pane?: string;
  /** Binds the tooltip or popup of a feature (the language is part of `version`). */
  bind?: (properties: FeatureProperties, layer: Layer) => void;
  /** Changes when what `bind` or `style` produce changes (the language), so the layer is rebuilt. */
  version?: string;
  interactive?: boolean;
  'data-testid'?: string;
}

/**
 * A point of the district's layers: a 14 px dot centred in a transparent hit area (28 px, 44 px on touch
 * screens, from CSS; WCAG 2.2 target size), a marker that the keyboard reaches too.
 */
function pointMarker(feature: Feature, latlng: LatLng, point: PointStyle | undefined, pane: string | undefined) {
  const properties = (feature.properties ?? {}) as FeatureProperties;
  const colour = point?.colour ?? '#455a64';
  const label = point?.label?.(properties) ?? '';
  const icon = divIcon({
    className: `map-point-icon map-point-${point?.kind ?? 'point'}`,
    html: `<span class="map-point-hit"><span class="map-point-dot" style="background:${escapeHtml(colour)}"></span></span>`,
    iconSize: [0, 0],
  });
  const m = marker(latlng, { icon, ...(pane ? { pane } : {}), ...(label ? { title: label, alt: label } : {}) });
  if (label) m.on('add', () => m.getElement()?.setAttribute('aria-label', label));
  return m;
}

/** One of the district's layers (regions, commune offices, flood marks, evacuation points and roads). */
export function FeatureLayer({
  type,
  on = true,
  style,
  point,
  pane,
  bind,
  version = '',
  interactive = true,
}: FeatureLayerProps) {
  const { item, data } = useNewestGeoJson(type, on);
  // Drawn in a task of its own (map-turns.ts), once its data is there.
  const turn = useMapTurn(Boolean(on && item && data));
  if (!on || !item || !data || !turn) return null;
  return (
    <GeoJSON
      key={`${item.id}-${version}`}
      data={data}
      style={style}
      {...(pane ? { pane } : {})}
      interactive={interactive}
      pointToLayer={(feature: Feature, latlng) => pointMarker(feature, latlng, point, pane)}
      onEachFeature={(feature, layer) => bind?.((feature.properties ?? {}) as FeatureProperties, layer)}
    />
  );
}
