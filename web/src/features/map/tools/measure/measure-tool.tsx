import type { MapToolProps } from '../map-tool';

/** Placeholder until the tool is built (issue #8). */
export function MeasureTool(_props: MapToolProps) {
  return null;
}
