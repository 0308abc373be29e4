import type { Language } from '@flood/domain';
import '../../../map-kit/components/station-marker.css';
import type { StationKind } from '@flood/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestReadings, useNewestGeoJson } from '../../../map-kit/hooks/use-map-data';

import { REGION_STYLE, regionColour } from '../../../map-kit/model/region-style';
import { markerHtml } from '../../../map-kit/model/station-marker-html';
import { featurePath, fitProjection, previewBounds } from '../model/map-preview';
import { MapKindSwitch } from './map-kind-switch';

/** Room around the district for the pills at its edge and the switch above it. */
const PADDING = 28;

/**
 * The frame's size, measured after layout (a ResizeObserver: no layout forced while rendering). The ref is
 * stable and an unchanged size keeps the same state, so observing never re-renders by itself.
 */
function useFrameSize(): [(element: HTMLDivElement | null) => void, { width: number; height: number } | null] {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const update = (width: number, height: number) =>
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    if (typeof ResizeObserver === 'undefined') {
      update(360, 420);
      return;
    }
    observer.current = new ResizeObserver(([entry]) => {
      const box = entry?.contentRect;
      if (box && box.width > 0) update(Math.round(box.width), Math.round(box.height));
    });
    observer.current.observe(element);
  }, []);
  return [ref, size];
}

/**
 * The dashboard's map on phones until the visitor opens the interactive one: the communes and the stations'
 * latest values drawn as plain SVG and HTML from the data the map would load (no Leaflet, no map tiles), and
 * a button that loads the interactive map in its place. Leaflet and its tiles cost a phone ~0.5 s of main
 * thread and ~300 KB over a slow network on every visit; one finger scrolls the page over it anyway.
 */
export function DashboardMapPreview({
  kind,
  onKindChange,
  onOpen,
}: {
  kind: StationKind;
  onKindChange: (kind: StationKind) => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const readings = useLatestReadings(kind);
  const regions = useNewestGeoJson('REGION');
  const [frame, size] = useFrameSize();

  const drawing = useMemo(() => {
    const stations = (readings.data ?? []).filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.long));
    const box = previewBounds(regions.data, stations);
    if (!size || !box) return null;
    const projection = fitProjection(box, size.width, size.height, PADDING);
    return {
      regions: (regions.data?.features ?? []).map((f, i) => ({
        key: i,
        d: featurePath(f, projection),
        fill: regionColour(f.properties?.ID_3),
      })),
      pills: stations.map((r) => {
        const [x, y] = projection.project(r.long, r.lat);
        return { code: r.stationCode, x, y, html: markerHtml(r, lang, t) };
      }),
    };
  }, [readings.data, regions.data, size, lang, t]);

  return (
    <div className="dash-map-frame dash-map-preview" ref={frame} data-testid="dash-map-preview">
      {drawing && (
        <>
          <svg
            width={size?.width}
            height={size?.height}
            role="img"
            aria-label={t('dashboard.previewLabel')}
            data-testid="dash-map-preview-regions"
          >
            {drawing.regions.map((r) => (
              <path
                key={r.key}
                d={r.d}
                fill={r.fill}
                fillOpacity={REGION_STYLE.fillOpacity}
                fillRule="evenodd"
                stroke={REGION_STYLE.color}
                strokeOpacity={REGION_STYLE.opacity}
                strokeWidth={REGION_STYLE.weight}
              />
            ))}
          </svg>
          <div className="dash-map-preview-pills" aria-hidden>
            {drawing.pills.map((p) => (
              <span
                key={p.code}
                style={{ position: 'absolute', left: p.x, top: p.y }}
                // markerHtml escapes every value it writes (the map's own markers use it as Leaflet icons).
                // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by markerHtml
                dangerouslySetInnerHTML={{ __html: p.html }}
              />
            ))}
          </div>
        </>
      )}
      <MapKindSwitch kind={kind} onChange={onKindChange} />
      <button type="button" className="dash-map-open" onClick={onOpen} data-testid="dash-map-open">
        {t('dashboard.openMap')}
      </button>
    </div>
  );
}
