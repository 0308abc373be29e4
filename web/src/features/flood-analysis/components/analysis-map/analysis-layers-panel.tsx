import { CloseOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { GeodataItem } from '@flood/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { type Dispatch, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { TimeOptions } from '../../../../map-kit/components/time-options';
import { OVERLAYS } from '../../../../map-kit/model/layer-state';
import { BASE_MAPS } from '../../../../map-kit/model/map-constants';
import {
  type AnalysisLayerAction,
  type AnalysisLayerState,
  chosenIn,
  FLOOD_MENUS,
  type FloodMenu,
} from './analysis-layer-state';

type Items = UseQueryResult<GeodataItem[]>;

/**
 * One layer menu: its name and the times it has (DD/MM/YYYY HH:mm, district time, with the file's name).
 * A native select, as on the public map: phones show their own wheel.
 */
function FloodMenuPicker({
  menu,
  items,
  layers,
  dispatch,
}: {
  menu: FloodMenu;
  items: Items;
  layers: AnalysisLayerState;
  dispatch: Dispatch<AnalysisLayerAction>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = chosenIn(layers, menu);
  const list = items.data ?? [];
  return (
    <div className={chosen === null ? 'layer-timed' : 'layer-timed layer-timed-active'}>
      <label htmlFor={id} className="layer-timed-label">
        {t(`floodAnalysisMap.menu.${menu}`)}
      </label>
      <select
        id={id}
        className="layer-time-select"
        value={chosen === null ? '' : String(chosen)}
        aria-busy={items.isPending}
        onChange={(e) =>
          dispatch({ type: 'choose', menu, itemId: e.target.value === '' ? null : Number(e.target.value) })
        }
        data-testid={`analysis-menu-${menu}`}
      >
        <TimeOptions
          pending={items.isPending}
          items={list}
          placeholder={t('floodAnalysisMap.chooseTime')}
          emptyText={t('floodAnalysisMap.noItems')}
          label={(item) => `${formatDistrictDateTime(item.time)} – ${item.name}`}
        />
      </select>
    </div>
  );
}

export interface AnalysisLayersPanelProps {
  layers: AnalysisLayerState;
  dispatch: Dispatch<AnalysisLayerAction>;
  events: Items;
  scenarios: Items;
  /** Open on wide screens, closed on phones. */
  defaultOpen: boolean;
}

/**
 * The layers panel (top right), styled as the public map's: the two flood menus (one chosen at a time),
 * the base maps and the overlays (flood marks, evacuation roads, evacuation points).
 */
export function AnalysisLayersPanel({ layers, dispatch, events, scenarios, defaultOpen }: AnalysisLayersPanelProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Escape closes it; on phones (where it covers the map) a tap on the map does too.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && box.current?.contains(document.activeElement)) setOpen(false);
    };
    const onDown = (e: PointerEvent) => {
      const narrow = window.matchMedia?.('(max-width: 767px)').matches;
      if (narrow && box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const label = open ? t('map.closeLayers') : t('map.openLayers');
  return (
    <div className="map-layers" ref={box}>
      <Button
        size="large"
        icon={open ? <CloseOutlined /> : <EnvironmentOutlined />}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        title={label}
        onClick={() => setOpen((v) => !v)}
        data-testid="analysis-layers-toggle"
        className="map-layers-toggle"
      >
        <span className="map-layers-toggle-text">{t('map.layers')}</span>
      </Button>
      {open && (
        <section id={panelId} className="map-layers-panel" aria-label={t('map.layers')} data-testid="analysis-layers">
          <h2 className="map-panel-title">{t('floodAnalysisMap.floodLayers')}</h2>
          <div className="layer-list">
            {FLOOD_MENUS.map((menu) => (
              <FloodMenuPicker
                key={menu}
                menu={menu}
                items={menu === 'events' ? events : scenarios}
                layers={layers}
                dispatch={dispatch}
              />
            ))}
          </div>
          <h2 className="map-panel-title">{t('map.baseMaps')}</h2>
          <div className="map-choice-list" role="radiogroup" aria-label={t('map.baseMaps')} data-testid="analysis-base">
            {BASE_MAPS.map((b) => (
              <label key={b} className="map-choice">
                <input
                  type="radio"
                  name={`${panelId}-base`}
                  value={b}
                  checked={layers.base === b}
                  onChange={() => dispatch({ type: 'base', base: b })}
                />
                <span>{t(`map.base.${b}`)}</span>
              </label>
            ))}
          </div>
          <fieldset className="map-choice-list">
            <legend className="map-panel-title">{t('map.overlays')}</legend>
            {OVERLAYS.map((o) => (
              <label key={o} className="map-choice">
                <input
                  type="checkbox"
                  checked={layers.overlays[o]}
                  onChange={(e) => dispatch({ type: 'overlay', overlay: o, on: e.target.checked })}
                  data-testid={`analysis-overlay-${o}`}
                />
                <span>{t(`map.overlay.${o}`)}</span>
              </label>
            ))}
          </fieldset>
        </section>
      )}
    </div>
  );
}
