import type { LayerState } from '../../model/layer-state';
import type { MapToolProps } from '../map-tool';

/** Placeholder until the tool is built (issue #8). */
export function ExportTool(_props: MapToolProps & { layers: LayerState }) {
  return null;
}
