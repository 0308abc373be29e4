import { ExpandOutlined, HomeOutlined, MinusOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type Map as LeafletMap, latLngBounds } from 'leaflet';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapView } from '../hooks/use-map-view';
import { showDistrict } from './district-view';
import { ToolButton } from './tool-button';

export interface MapToolbarProps {
  map: LeafletMap | null;
  /** Where every station is (fit-all). */
  stationPositions: readonly [number, number][];
  /** 'Làm mới bản đồ': what else to reset besides the view (drawn shapes, later tools). */
  onRefresh?: () => void;
  /** Room for the map's tools (photos, drawing, search, print, routes). */
  children?: ReactNode;
}

/** The buttons on the left of the map: zoom, 'Xem toàn cảnh', 'Làm mới bản đồ' and fit every station. */
export function MapToolbar({ map, stationPositions, onRefresh, children }: MapToolbarProps) {
  const { t } = useTranslation();
  const view = useMapView();
  const home = () => {
    if (map) showDistrict(map, view);
  };
  return (
    <div className="map-toolbar" role="toolbar" aria-label={t('map.tools')} aria-orientation="vertical">
      <ToolButton label={t('map.zoomIn')} icon={<PlusOutlined />} onClick={() => map?.zoomIn()} testId="map-zoom-in" />
      <ToolButton
        label={t('map.zoomOut')}
        icon={<MinusOutlined />}
        onClick={() => map?.zoomOut()}
        testId="map-zoom-out"
      />
      <ToolButton label={t('map.home')} icon={<HomeOutlined />} onClick={home} testId="map-home" />
      <ToolButton
        label={t('map.refresh')}
        icon={<ReloadOutlined />}
        onClick={() => {
          map?.closePopup();
          onRefresh?.();
          home();
        }}
        testId="map-refresh"
      />
      <ToolButton
        label={t('map.fitAll')}
        icon={<ExpandOutlined />}
        onClick={() => {
          if (map && stationPositions.length > 0) {
            map.fitBounds(latLngBounds(stationPositions.map(([lat, lng]) => [lat, lng])), {
              padding: [48, 48],
              maxZoom: 15,
            });
          }
        }}
        testId="map-fit-all"
      />
      {children}
    </div>
  );
}
