import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import { useLazyTool } from '../draw/lazy-tool';
import { MEASURE_ICON } from '../draw/tool-icons';

const loadControls = () => import('./measure-controls');

/** The distance and area measuring tool (spec §2): its button; the rest loads on the first press. */
export function MeasureTool(props: MapToolProps) {
  const { t } = useTranslation();
  const { Controls, load } = useLazyTool(loadControls);
  if (Controls) return <Controls {...props} />;
  return <ToolButton label={t('map.measure.tool')} icon={MEASURE_ICON} onClick={load} testId="map-measure" />;
}
