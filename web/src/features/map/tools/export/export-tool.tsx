import { LoadingOutlined, PrinterOutlined } from '@ant-design/icons';
import type { GeodataItem, StationReading } from '@flood/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inAntdScope } from '../../../../app/antd-lazy';
import { useReadUnit } from '../../../../lib/area/public-unit';
import { toast } from '../../../../lib/toast/toast';
import { mapKeys } from '../../../../map-kit/api/map-api';
import { MapLegend } from '../../../../map-kit/components/map-legend';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import { chosenItem, type LayerState, shownStationKind, TIMED_TYPES } from '../../../../map-kit/model/layer-state';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import { READING_TYPE_OF, waterKeys } from '../../../stations';
import { mapDataTime } from './data-time';

// In the antd scope its menu needs, fetched with it (the map's first load has no antd).
const ExportPanel = lazy(() => inAntdScope(import('./export-panel')));

/**
 * Print and export (issue #8; public-portal §2 "print control (landscape, title 'Cảnh báo lũ')"): one button
 * opening a small menu — 'In bản đồ', 'Xuất ảnh PNG', 'Xuất PDF'. Only the button is in the map's first
 * load; the menu and the drawing code (html-to-image, the PDF writer) come on first use.
 */
export function ExportTool({ layers, ...tool }: MapToolProps & { layers: LayerState }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const unit = useReadUnit();

  /** The time of the data shown, from what the map's hooks (use-map-data) loaded for these layers. */
  const dataTime = () => {
    const kind = shownStationKind(layers);
    const chosen = chosenItem(layers);
    return mapDataTime(
      layers,
      kind ? queryClient.getQueryData<StationReading[]>(waterKeys.current(READING_TYPE_OF[kind], unit)) : undefined,
      chosen ? queryClient.getQueryData<GeodataItem[]>(mapKeys.geodataList(TIMED_TYPES[chosen.layer])) : undefined,
    );
  };

  return (
    <div className="map-export-anchor" ref={anchor}>
      <ToolButton
        label={t('map.exportMap.button')}
        icon={busy ? <LoadingOutlined /> : <PrinterOutlined />}
        onClick={() => {
          setUsed(true);
          setOpen((o) => !o);
        }}
        testId="map-export"
        disabled={!tool.map}
      />
      {used && (
        <Suspense fallback={null}>
          <ExportPanel
            {...tool}
            legend={<MapLegend state={layers} defaultOpen />}
            dataTime={dataTime}
            notify={{ error: (text) => void toast.error(text), warning: (text) => void toast.warning(text) }}
            open={open}
            setOpen={setOpen}
            setBusy={setBusy}
            anchor={anchor}
          />
        </Suspense>
      )}
    </div>
  );
}
