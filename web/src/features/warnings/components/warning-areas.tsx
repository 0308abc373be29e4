import '../warnings-map.css';
import { type Language, type PublicWarning, severityColour, severityOutline } from '@flood/domain';
import type { Geometry } from 'geojson';
import { type GeoJSON as GeoJsonLayer, geoJSON, type Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { escapeHtml } from '../../../map-kit/model/html';
import { useWarningsInForce } from '../api/use-warnings-in-force';
import { headlineOf, publicWarningPath } from '../model/warnings-in-force';

/** Above the communes (350), the data canvas (400) and the district's lines (420); under the names and points. */
const PANE = 'warnings';
const PANE_Z = 430;

function popupHtml(warning: PublicWarning, lang: Language, details: string): string {
  return `<strong>${escapeHtml(headlineOf(warning, lang))}</strong><br><a href="${publicWarningPath(warning.id)}">${escapeHtml(details)}</a>`;
}

/** Draws the areas on the map: fill in the severity's colour, half see-through, a darker outline; a popup each. */
function useAreaLayers(map: LeafletMap | null, warnings: PublicWarning[], lang: Language, details: string) {
  const layers = useRef(new Map<number, GeoJsonLayer>());
  useEffect(() => {
    if (!map) return;
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = String(PANE_Z);
    const drawn = layers.current;
    for (const warning of warnings) {
      const colour = severityColour(warning.kind, warning.severityScale, warning.severity);
      const layer = geoJSON(warning.area.geometry as Geometry, {
        pane: PANE,
        style: {
          color: severityOutline(warning.kind, warning.severityScale, warning.severity),
          weight: 3,
          opacity: 0.95,
          fillColor: colour,
          fillOpacity: 0.35,
          className: 'warning-area',
        },
      });
      layer.bindPopup(popupHtml(warning, lang, details));
      layer.addTo(map);
      layer.eachLayer((part) => {
        const el = (part as unknown as { getElement?: () => Element | undefined }).getElement?.();
        el?.setAttribute('data-testid', `warning-area-shape-${warning.id}`);
      });
      drawn.set(warning.id, layer);
    }
    return () => {
      for (const layer of drawn.values()) layer.remove();
      drawn.clear();
    };
  }, [map, warnings, lang, details]);
  return layers;
}

/**
 * The areas of the officers' warnings in force on the public map, and their list ('Vùng cảnh báo: <tiêu đề>'),
 * always in view above the legend (a phone's legend starts folded): a press shows the area and opens its popup
 * with the headline and the link to the warning's page.
 */
export default function WarningAreas({ map }: { map: LeafletMap | null }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const warnings = useWarningsInForce();
  const layers = useAreaLayers(map, warnings, lang, t('warnings.details'));
  if (!warnings.length) return null;
  const show = (id: number) => {
    const layer = layers.current.get(id);
    if (!map || !layer) return;
    const bounds = layer.getBounds();
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 14, animate: false });
    layer.openPopup(bounds.isValid() ? bounds.getCenter() : undefined);
  };
  return (
    <section className="map-warning-areas" aria-label={t('warnings.areas')} data-testid="warning-areas">
      <ul>
        {warnings.map((warning) => {
          const headline = headlineOf(warning, lang);
          const colour = severityColour(warning.kind, warning.severityScale, warning.severity);
          return (
            <li key={warning.id}>
              <button
                type="button"
                className="map-warning-area"
                onClick={() => show(warning.id)}
                title={t('warnings.showArea', { headline })}
                data-testid={`warning-area-${warning.id}`}
              >
                <span className="legend-swatch" style={{ background: colour, borderColor: colour }} aria-hidden />
                <span className="map-warning-area-text">{t('warnings.areaOf', { headline })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
