import { useTranslation } from 'react-i18next';
import type { LayerState } from '../../../map-kit/model/layer-state';
import type { MapToolProps } from '../../../map-kit/tools/map-tool';
import { PlaceSearch } from '../../../map-kit/tools/search/place-search';
import { DrawTool } from './draw/draw-tool';
import { ExportTool } from './export/export-tool';
import { LocateTool } from './locate/locate-tool';
import { MeasureTool } from './measure/measure-tool';
import { FloodPhotoLayer } from './photos/flood-photo-layer';
import { PhotoTool } from './photos/photo-tool';
import { RouteTool } from './route/route-tool';

/**
 * The map's tools (issue #8): a second toolbar beside the navigation one (locate, draw, measure, route,
 * post a photo, print/export). Each tool keeps its heavy code (plugins, PDF, modals) in a chunk loaded on
 * first use, so the map's first load stays light.
 */
export function MapTools({ layers, ...tool }: MapToolProps & { layers: LayerState }) {
  const { t } = useTranslation();
  return (
    <div
      className="map-toolbar map-toolbar-tools"
      role="toolbar"
      aria-label={t('map.moreTools')}
      aria-orientation="vertical"
    >
      <LocateTool {...tool} />
      <DrawTool {...tool} />
      <MeasureTool {...tool} />
      <RouteTool {...tool} />
      <PhotoTool {...tool} />
      <ExportTool {...tool} layers={layers} />
    </div>
  );
}

/** The place search at the top of the map and the flood photos layer. */
export function MapSearchAndPhotos(tool: MapToolProps) {
  return (
    <>
      <PlaceSearch {...tool} />
      <FloodPhotoLayer map={tool.map} resetSignal={tool.resetSignal} />
    </>
  );
}
