import { bandColour, RAIN_COLOUR_BANDS, type StationKind, WATER_COLOUR_BANDS } from '@flood/domain';
import type { Feature } from 'geojson';
import { type Canvas, circleMarker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJSON } from 'react-leaflet';
import { useGeoJson } from '../hooks/use-map-data';
import { polygonTooltip } from '../model/map-texts';

const featureValue = (feature: Feature | undefined): number => Number(feature?.properties?.value);

/**
 * The chosen satellite rain, forecast rain or flood layer: each feature filled by the colour band of its
 * `value` (rain bands in mm/h, water bands in m), with the tooltip 'Lượng mưa: {v} mm/h' / 'Mực nước: {v} m'.
 * Drawn on the canvas `renderer` (one for the map's lifetime): such a layer can hold thousands of polygons.
 * `onFeatureClick` (the flood layer's analysis modal) is read when clicked, so changing it needs no redraw.
 */
export function TimedGeoJsonLayer({
  url,
  scale,
  renderer,
  onFeatureClick,
}: {
  url: string;
  scale: StationKind;
  renderer: Canvas;
  onFeatureClick?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const clicked = useRef(onFeatureClick);
  useEffect(() => {
    clicked.current = onFeatureClick;
  }, [onFeatureClick]);
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const { data } = useGeoJson(url);
  const bands = scale === 'water' ? WATER_COLOUR_BANDS : RAIN_COLOUR_BANDS;
  if (!data) return null;
  // Leaflet hands a GeoJSON layer's options to each shape it makes; the typings leave `renderer` out.
  const onCanvas = { renderer } as object;
  return (
    <GeoJSON
      key={`${url}-${lang}`}
      data={data}
      {...onCanvas}
      filter={(f) => bandColour(featureValue(f), bands) !== null}
      style={(f) => ({
        color: bandColour(featureValue(f), bands) ?? undefined,
        weight: 0.5,
        opacity: 0.8,
        fillColor: bandColour(featureValue(f), bands) ?? undefined,
        fillOpacity: 0.6,
      })}
      pointToLayer={(f, latlng) =>
        circleMarker(latlng, { renderer, radius: 6, fillColor: bandColour(featureValue(f), bands) ?? undefined })
      }
      onEachFeature={(f, layer) => {
        layer.bindTooltip(polygonTooltip(t, scale, featureValue(f), lang), {
          sticky: true,
          className: 'map-data-tooltip',
        });
        layer.on('click', () => clicked.current?.());
      }}
    />
  );
}
