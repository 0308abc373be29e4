import type { StationReading } from '@flood/domain';
import { divIcon, type Marker as LeafletMarker } from 'leaflet';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Tooltip } from 'react-leaflet';
import { textOn } from '../../stations/components/reading-status';
import { escapeHtml } from '../model/html';
import { type MapLanguage, stationTooltip, stationValueText } from '../model/map-texts';
import { markerLook } from '../model/station-style';

interface StationMarkerProps {
  reading: StationReading;
  lang: MapLanguage;
  tooltip: string;
  onOpen: (stationCode: string) => void;
}

/** The pill on the map: the value, coloured by class or level; silent stations grey and dashed. */
function markerHtml(reading: StationReading, lang: MapLanguage): string {
  const look = markerLook(reading);
  const value = reading.value === null ? '–' : stationValueText(reading.kind, reading.value, lang);
  const classes = ['station-marker', `station-marker-${reading.kind}`];
  if (look.disconnected) classes.push('station-marker-disconnected');
  const colours = look.disconnected ? '' : `background:${look.colour};color:${textOn(look.colour)};`;
  return `<span class="${classes.join(' ')}" style="${colours}" data-testid="station-marker-${escapeHtml(
    reading.stationCode,
  )}" data-status="${escapeHtml(reading.status)}">${escapeHtml(value)}</span>`;
}

const StationMarker = memo(function StationMarker({ reading, lang, tooltip, onOpen }: StationMarkerProps) {
  const html = markerHtml(reading, lang);
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
      <Tooltip direction="top" offset={[0, -16]} className="station-tooltip">
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
  const lang: MapLanguage = i18n.language === 'en' ? 'en' : 'vi';
  return readings
    .filter((r) => Number.isFinite(r.lat) && Number.isFinite(r.long))
    .map((r) => (
      <StationMarker key={r.stationCode} reading={r} lang={lang} tooltip={stationTooltip(t, r, lang)} onOpen={onOpen} />
    ));
}
