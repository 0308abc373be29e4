import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import { useLazyTool } from './lazy-tool';
import { DRAW_ICON } from './tool-icons';

const loadControls = () => import('./draw-controls');

/**
 * 'Query by radius' and 'query by area' (spec §2, §4): a button whose menu offers a circle or a rectangle to
 * draw; the stations inside are listed. Everything past the button loads on its first press.
 */
export function DrawTool(props: MapToolProps) {
  const { t } = useTranslation();
  const { Controls, load } = useLazyTool(loadControls);
  if (Controls) return <Controls {...props} />;
  return <ToolButton label={t('map.draw.tool')} icon={DRAW_ICON} onClick={load} testId="map-draw" />;
}
