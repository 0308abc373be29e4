import type { GeodataType } from '@flood/domain';
import type { Feature } from 'geojson';
import { type CircleMarkerOptions, circleMarker, type Layer, type PathOptions, type StyleFunction } from 'leaflet';
import { GeoJSON } from 'react-leaflet';
import { useNewestGeoJson } from '../hooks/use-map-data';

export type FeatureProperties = Record<string, unknown>;

export interface FeatureLayerProps {
  /** The newest item of this type is drawn. */
  type: GeodataType;
  /** Drawn and fetched only while on. */
  on?: boolean;
  style?: PathOptions | StyleFunction;
  /** Points are drawn as circles with this style. */
  point?: CircleMarkerOptions;
  /** Binds the tooltip or popup of a feature (the language is part of `version`). */
  bind?: (properties: FeatureProperties, layer: Layer) => void;
  /** Changes when what `bind` or `style` produce changes (the language), so the layer is rebuilt. */
  version?: string;
  interactive?: boolean;
  'data-testid'?: string;
}

/** One of the district's layers (regions, commune offices, flood marks, evacuation points and roads). */
export function FeatureLayer({
  type,
  on = true,
  style,
  point,
  bind,
  version = '',
  interactive = true,
}: FeatureLayerProps) {
  const { item, data } = useNewestGeoJson(type, on);
  if (!on || !item || !data) return null;
  return (
    <GeoJSON
      key={`${item.id}-${version}`}
      data={data}
      style={style}
      interactive={interactive}
      pointToLayer={(_feature: Feature, latlng) => circleMarker(latlng, { ...point, interactive })}
      onEachFeature={(feature, layer) => bind?.((feature.properties ?? {}) as FeatureProperties, layer)}
    />
  );
}
