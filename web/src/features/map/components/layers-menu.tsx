import { CloseOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { type Dispatch, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDistrictDateTime } from '../../../lib/format/date';
import { TimeOptions } from '../../../map-kit/components/time-options';
import { useTimedItems } from '../../../map-kit/hooks/use-map-data';
import {
  type LayerAction,
  type LayerOption,
  type LayerState,
  OVERLAYS,
  type RealOption,
  type TimedOption,
} from '../../../map-kit/model/layer-state';
import { BASE_MAPS, type BaseMap } from '../../../map-kit/model/map-constants';

export interface LayersMenuProps {
  /** The data layers to offer (undefined while the list loads). */
  available: readonly LayerOption[] | undefined;
  state: LayerState;
  dispatch: Dispatch<LayerAction>;
  base: BaseMap;
  onBase: (base: BaseMap) => void;
  /** Starts open (wide screens) or closed (phones). */
  defaultOpen: boolean;
}

const isTimed = (o: LayerOption): o is TimedOption => o !== 'realRain' && o !== 'realWater';

/** A live layer: a toggle button, pressed while it is the map's layer. */
function RealToggle({
  option,
  state,
  dispatch,
}: {
  option: RealOption;
  state: LayerState;
  dispatch: Dispatch<LayerAction>;
}) {
  const { t } = useTranslation();
  const active = state.option === option;
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={() => dispatch({ type: 'chooseReal', option })}
      data-testid={`layer-${option}`}
      className={active ? 'map-button layer-toggle map-button-primary' : 'map-button layer-toggle'}
    >
      {t(`map.layer.${option}`)}
    </button>
  );
}

/**
 * A timed layer: its name and a picker of the times it has (DD/MM/YYYY HH:mm, district time). A native
 * select: phones show their own wheel, and the public map does not load antd's Select.
 */
function TimePicker({
  layer,
  state,
  dispatch,
}: {
  layer: TimedOption;
  state: LayerState;
  dispatch: Dispatch<LayerAction>;
}) {
  const { t } = useTranslation();
  const items = useTimedItems(layer, true);
  const id = `layer-time-${layer}`;
  const active = state.option === layer;
  const chosen = state.times[layer];
  const list = items.data ?? [];
  return (
    <div className={active ? 'layer-timed layer-timed-active' : 'layer-timed'}>
      <label htmlFor={id} className="layer-timed-label">
        {t(`map.layer.${layer}`)}
      </label>
      <select
        id={id}
        className="layer-time-select"
        value={chosen == null ? '' : String(chosen)}
        aria-busy={items.isPending}
        onChange={(event) => {
          const itemId = Number(event.target.value);
          dispatch(event.target.value === '' ? { type: 'clearTime', layer } : { type: 'chooseTime', layer, itemId });
        }}
        data-testid={`layer-${layer}`}
      >
        <TimeOptions
          pending={items.isPending}
          items={list}
          placeholder={t('map.chooseTime')}
          emptyText={t('map.noData')}
          label={(item) => formatDistrictDateTime(item.time)}
        />
      </select>
    </div>
  );
}

/**
 * The layers menu (spec §2), top right: the data layers the layer list holds, the base maps and the
 * overlays. It collapses to a button and closes on a click outside it.
 */
export function LayersMenu({ available, state, dispatch, base, onBase, defaultOpen }: LayersMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="map-layers" ref={box}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="map-layers-panel"
        aria-label={open ? t('map.closeLayers') : t('map.openLayers')}
        title={open ? t('map.closeLayers') : t('map.openLayers')}
        onClick={() => setOpen((v) => !v)}
        data-testid="map-layers-toggle"
        className="map-button map-layers-toggle"
      >
        {open ? <CloseOutlined aria-hidden /> : <EnvironmentOutlined aria-hidden />}
        <span className="map-layers-toggle-text">{t('map.layers')}</span>
      </button>
      {open && (
        <section
          id="map-layers-panel"
          className="map-layers-panel"
          aria-label={t('map.layers')}
          data-testid="map-layers"
        >
          <h2 className="map-panel-title">{t('map.dataLayers')}</h2>
          {available === undefined ? (
            <p className="map-panel-muted">{t('common.loading')}</p>
          ) : available.length === 0 ? (
            <p className="map-panel-muted">{t('map.noData')}</p>
          ) : (
            <div className="layer-list">
              {available.map((o) =>
                isTimed(o) ? (
                  <TimePicker key={o} layer={o} state={state} dispatch={dispatch} />
                ) : (
                  <RealToggle key={o} option={o} state={state} dispatch={dispatch} />
                ),
              )}
            </div>
          )}
          <h2 className="map-panel-title">{t('map.baseMaps')}</h2>
          <div className="map-choice-list" role="radiogroup" aria-label={t('map.baseMaps')} data-testid="map-base">
            {BASE_MAPS.map((b) => (
              <label key={b} className="map-choice">
                <input type="radio" name="map-base" value={b} checked={base === b} onChange={() => onBase(b)} />
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
                  checked={state.overlays[o]}
                  onChange={(e) => dispatch({ type: 'toggleOverlay', overlay: o, on: e.target.checked })}
                  data-testid={`overlay-${o}`}
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
