import { DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Language, StationReading } from '@flood/domain';
import { Button } from 'antd';
import type { Map as LeafletMap } from 'leaflet';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MARK_COLOURS, readingMark, textOn } from '../../../../components/reading-colours';
import { useLatestReadings } from '../../../../map-kit/hooks/use-map-data';
import { readingMarkText, readingStatusText, stationValueWithUnit } from '../../../../map-kit/model/map-texts';
import { markerLook } from '../../../../map-kit/model/station-style';
import { type DrawnShape, readingsInShape, shapeSize } from './stations-in-shape';
import { ToolPanel } from './tool-panel';

function StationRow({ reading, lang }: { reading: StationReading; lang: Language }) {
  const { t } = useTranslation();
  const look = markerLook(reading);
  const mark = readingMarkText(t, reading);
  const ink = readingMark(reading);
  // A value not confirmed yet or doubted (#22): its colour kept, dashed in the mark's ink, its word after the status.
  const outline = ink ? { outline: `2px dashed ${MARK_COLOURS[ink]}`, outlineOffset: 1 } : {};
  const value = reading.value === null ? '–' : stationValueWithUnit(reading.kind, reading.value, lang);
  return (
    <li className="draw-station" data-testid={`draw-station-${reading.stationCode}`}>
      <span className="draw-station-name">
        {reading.stationName}
        <small>{reading.stationCode}</small>
      </span>
      <span className="draw-station-reading">
        <span
          className={look.disconnected ? 'draw-station-value draw-station-value-silent' : 'draw-station-value'}
          style={look.disconnected ? outline : { background: look.colour, color: textOn(look.colour), ...outline }}
        >
          {value}
        </span>
        <small>{mark ? `${readingStatusText(reading, lang)} (${mark})` : readingStatusText(reading, lang)}</small>
      </span>
    </li>
  );
}

/**
 * The stations inside a drawn shape (rain and water, whatever layer the map shows), with their latest value
 * and status in the map's colours, and the shape's radius or area. Follows the shape as it is edited and the
 * readings as they arrive.
 */
export function DrawResults({ map, shape, editing }: { map: LeafletMap; shape: DrawnShape; editing: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const rain = useLatestReadings('rain');
  const water = useLatestReadings('water');
  const [open, setOpen] = useState(true);
  const inside = useMemo(
    () => readingsInShape(shape, [...(rain.data ?? []), ...(water.data ?? [])]),
    [shape, rain.data, water.data],
  );
  const size = shapeSize(shape, lang);
  const loading = rain.isPending || water.isPending;
  const groups = (['rain', 'water'] as const)
    .map((kind) => ({ kind, rows: inside.filter((r) => r.kind === kind) }))
    .filter((g) => g.rows.length > 0);

  return (
    <ToolPanel
      map={map}
      title={t(shape.kind === 'circle' ? 'map.draw.circle' : 'map.draw.rectangle')}
      testId="draw-results"
      actions={
        <Button
          type="text"
          icon={open ? <DownOutlined /> : <UpOutlined />}
          aria-label={t(open ? 'map.draw.collapse' : 'map.draw.expand')}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="map-tool-panel-icon"
        />
      }
    >
      <p className="map-tool-panel-figure" data-testid="draw-size">
        {t(`map.draw.${size.key}`, { value: size.value })}
      </p>
      {editing && <p className="map-tool-panel-text">{t('map.draw.editHint')}</p>}
      <p className="map-tool-panel-text" aria-live="polite" data-testid="draw-count">
        {loading
          ? t('map.draw.loading')
          : inside.length > 0
            ? t('map.draw.count', { count: inside.length })
            : t('map.draw.none')}
      </p>
      {open && (
        <div className="draw-groups">
          {groups.map((g) => (
            <section key={g.kind} aria-label={t(`map.draw.${g.kind}`)}>
              <h3 className="draw-group-title">
                {t(`map.draw.${g.kind}`)} ({g.rows.length})
              </h3>
              <ul className="draw-stations">
                {g.rows.map((r) => (
                  <StationRow key={r.stationCode} reading={r} lang={lang} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </ToolPanel>
  );
}
