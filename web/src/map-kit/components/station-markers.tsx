import type { Language, StationReading } from '@flood/domain';
import './station-marker.css';
import type { TFunction } from 'i18next';
import { divIcon, type Marker as LeafletMarker } from 'leaflet';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Tooltip } from 'react-leaflet';
import { useInSlices } from '../hooks/use-in-slices';
import { MARKERS_PER_TASK } from '../model/map-constants';
import { stationTooltip } from '../model/map-texts';
import { markerHtml } from '../model/station-marker-html';

interface StationMarkerProps {
  reading: StationReading;
  lang: Language;
  t: TFunction;
  tooltip: string;
  onOpen: (stationCode: string) => void;
}

const StationMarker = memo(function StationMarker({ reading, lang, t, tooltip, onOpen }: StationMarkerProps) {
  const html = markerHtml(reading, lang, t);
  const icon = useMemo(() => divIcon({ className: 'station-marker-icon', html, iconSize: [0, 0] }), [html]);
  const marker = useRef<LeafletMarker>(null);
  // The focusable icon says what it is (Enter opens the station, as a click does).
  useEffect(() => {
    marker.current?.getElement()?.setAttribute('aria-label', tooltip);
  });
  return (
    <Marker
      ref={marker}
      position={[reading.lat, reading.long]}
      icon={icon}
      riseOnHover
      eventHandlers={{ click: () => onOpen(reading.stationCode) }}
    >
      <Tooltip direction="top" offset={[0, -16]} className="station-tooltip" pane="tooltipPane">
        {tooltip}
      </Tooltip>
    </Marker>
  );
});

/** The stations of the live layer, each showing its latest value; a click opens the station. */
export function StationMarkers({
  readings,
  onOpen,
}: {
  readings: readonly StationReading[];
  onOpen: (stationCode: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  // A few markers per task on the first drawing (use-in-slices.ts).
  const shown = useInSlices(
    readings.filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.long)),
    MARKERS_PER_TASK,
  );
  return shown.map((r) => (
    <StationMarker
      key={r.stationCode}
      reading={r}
      lang={lang}
      t={t}
      tooltip={stationTooltip(t, r, lang)}
      onOpen={onOpen}
    />
  ));
}
