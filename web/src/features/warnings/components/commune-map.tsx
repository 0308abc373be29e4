import 'leaflet/dist/leaflet.css';
import './commune-map.css';
import type { CommuneItem, Language } from '@flood/domain';
import { Button, Space } from 'antd';
import type { Feature, Geometry } from 'geojson';
import {
  type GeoJSON as GeoJsonLayer,
  geoJSON,
  type Map as LeafletMap,
  latLngBounds,
  polygon as leafletPolygon,
} from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer } from 'react-leaflet';
import { useMapView } from '../../../map-kit/hooks/use-map-view';
import { escapeHtml } from '../../../map-kit/model/html';
import { MAP_MAX_ZOOM } from '../../../map-kit/model/map-constants';
import { type MeasureSession, startMeasure } from '../../../map-kit/tools/draw/measure-engine';
import { useAppInfo } from '../../app-info';
import { type AreaMode, closedRing, type Ring } from '../model/warning-form';

const SELECTED = { color: '#1d39c4', weight: 2, opacity: 1, fillColor: '#2f54eb', fillOpacity: 0.45 };
const UNSELECTED = { color: '#455a64', weight: 1.5, opacity: 0.9, fillColor: '#90a4ae', fillOpacity: 0.08 };
const DRAWN = { color: '#d4380d', weight: 3, fillColor: '#d4380d', fillOpacity: 0.25, interactive: false };

export interface CommuneMapProps {
  communes: CommuneItem[];
  mode: AreaMode;
  selected: string[];
  onToggle: (gsoCode: string) => void;
  polygon: Ring | null;
  onPolygon: (ring: Ring | null) => void;
  disabled?: boolean;
}

/** The communes drawn once; their style follows the choice, a click toggles one (in the 'Chọn xã' mode). */
function useCommuneLayers(
  map: LeafletMap | null,
  communes: CommuneItem[],
  props: Pick<CommuneMapProps, 'mode' | 'selected' | 'onToggle' | 'disabled'>,
) {
  const layers = useRef(new Map<string, GeoJsonLayer>());
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    if (!map || !communes.length) return;
    const drawn = layers.current;
    const { mode, selected } = latest.current;
    const chosen = new Set(mode === 'communes' ? selected : []);
    for (const commune of communes) {
      const feature: Feature = { type: 'Feature', properties: {}, geometry: commune.geometry as Geometry };
      const layer = geoJSON(feature, { style: chosen.has(commune.gsoCode) ? SELECTED : UNSELECTED });
      layer.bindTooltip(escapeHtml(commune.name), { sticky: true });
      layer.on('click', () => {
        const { mode, disabled, onToggle } = latest.current;
        if (mode === 'communes' && !disabled) onToggle(commune.gsoCode);
      });
      layer.addTo(map);
      layer.eachLayer((part) => {
        const el = (part as unknown as { getElement?: () => Element | undefined }).getElement?.();
        el?.setAttribute('data-testid', `commune-shape-${commune.gsoCode}`);
      });
      drawn.set(commune.gsoCode, layer);
    }
    const bounds = latLngBounds([]);
    for (const layer of drawn.values()) bounds.extend(layer.getBounds());
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [8, 8], animate: false });
    return () => {
      for (const layer of drawn.values()) layer.remove();
      drawn.clear();
    };
  }, [map, communes]);
  const chosen = props.mode === 'communes' ? props.selected : [];
  const key = chosen.join(',');
  useEffect(() => {
    const set = new Set(key ? key.split(',') : []);
    for (const [code, layer] of layers.current) layer.setStyle(set.has(code) ? SELECTED : UNSELECTED);
  }, [key]);
}

/** The drawn ring on the map (the form's value), and the drawing of a new one with the measure engine's clicks. */
function useDrawnArea(map: LeafletMap | null, ring: Ring | null, show: boolean) {
  useEffect(() => {
    if (!map || !ring || !show || ring.length < 4) return;
    const shape = leafletPolygon(
      ring.map(([lon, lat]) => [lat, lon] as [number, number]),
      DRAWN,
    ).addTo(map);
    shape.getElement()?.setAttribute('data-testid', 'warning-drawn-area');
    return () => {
      shape.remove();
    };
  }, [map, ring, show]);
}

/**
 * The composer's small map (#23): the district's communes, filled when chosen (a click chooses or leaves one out),
 * or, for 'Vẽ vùng trên bản đồ', the area drawn corner by corner (the map kit's measure engine).
 */
export default function CommuneMap({
  communes,
  mode,
  selected,
  onToggle,
  polygon,
  onPolygon,
  disabled,
}: CommuneMapProps) {
  const { t, i18n } = useTranslation();
  const view = useMapView();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  const [map, setMap] = useState<LeafletMap | null>(null);
  const { data: info } = useAppInfo();
  const tiles = info?.mapTiles?.national;
  const session = useRef<MeasureSession | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState(0);
  useCommuneLayers(map, communes, { mode, selected, onToggle, disabled });
  useDrawnArea(map, polygon, mode === 'polygon' && !drawing);

  useEffect(() => () => session.current?.remove(), []);
  useEffect(() => {
    if (mode !== 'polygon') session.current?.remove();
  }, [mode]);

  const startDrawing = () => {
    if (!map) return;
    session.current?.remove();
    setDrawing(true);
    setPoints(0);
    const current = startMeasure(map, 'area', lang, {
      change: (state) => setPoints(state.points),
      end: (kept) => {
        setDrawing(false);
        const corners = kept ? current.lonLats() : [];
        current.remove();
        session.current = null;
        if (kept && corners.length >= 3) onPolygon(closedRing(corners));
      },
    });
    session.current = current;
  };

  return (
    <section
      className="warning-map"
      aria-label={t('warningAdmin.communeMap')}
      data-testid="warning-commune-map"
      data-drawing={drawing ? '' : undefined}
    >
      {mode === 'polygon' && (
        <div className="warning-map-tools">
          {drawing ? (
            <Space wrap>
              <Button
                size="small"
                type="primary"
                onClick={() => session.current?.finish()}
                disabled={points < 3}
                data-testid="warning-draw-finish"
              >
                {t('warningAdmin.finishDrawing')}
              </Button>
              <Button size="small" onClick={() => session.current?.undo()} disabled={points === 0}>
                {t('warningAdmin.undoPoint')}
              </Button>
              <span className="warning-hint">{t('warningAdmin.drawHelp')}</span>
            </Space>
          ) : (
            <Space wrap>
              <Button
                size="small"
                type="primary"
                onClick={startDrawing}
                disabled={disabled || !map}
                data-testid="warning-draw"
              >
                {t(polygon ? 'warningAdmin.redraw' : 'warningAdmin.draw')}
              </Button>
              {polygon && (
                <Button
                  size="small"
                  danger
                  onClick={() => onPolygon(null)}
                  disabled={disabled}
                  data-testid="warning-draw-clear"
                >
                  {t('warningAdmin.clearPolygon')}
                </Button>
              )}
            </Space>
          )}
        </div>
      )}
      <MapContainer
        ref={setMap}
        center={view.centre}
        zoom={view.zoom}
        maxZoom={MAP_MAX_ZOOM}
        maxBounds={latLngBounds(view.bounds).pad(0.5)}
        className="warning-map-canvas"
        attributionControl={Boolean(tiles)}
      >
        {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} maxZoom={MAP_MAX_ZOOM} />}
      </MapContainer>
    </section>
  );
}
