import type { Language } from '@flood/domain';
import './measure.css';
import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import { type MeasureSession, type MeasureState, startMeasure } from '../../../../map-kit/tools/draw/measure-engine';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';
import { ToolFlyout } from '../draw/tool-flyout';
import { MEASURE_ICON } from '../draw/tool-icons';
import { ToolPanel } from '../draw/tool-panel';

/**
 * The measuring tool once loaded (it mounts on the button's first press, menu open): 'Đo khoảng cách' or
 * 'Đo diện tích', then clicks on the map; the panel shows the running total and ends, undoes or clears it.
 * A finished measure stays on the map until cleared, replaced by a new one, or 'Làm mới bản đồ'.
 */
export default function MeasureControls({ map, active, setActive, resetSignal }: MapToolProps) {
  const { t, i18n } = useTranslation();
  const lang = useRef<Language>('vi');
  lang.current = i18n.language === 'en' ? 'en' : 'vi';
  const [menu, setMenu] = useState(true);
  const [state, setState] = useState<MeasureState | null>(null);
  const session = useRef<MeasureSession | null>(null);
  const kind = active === 'measureDistance' ? 'distance' : active === 'measureArea' ? 'area' : null;

  const clear = useCallback(() => {
    session.current?.remove();
    session.current = null;
    setState(null);
  }, []);

  useEffect(() => {
    if (!map || !kind) return;
    session.current?.remove();
    const s = startMeasure(map, kind, lang.current, {
      change: setState,
      end: (kept) => {
        if (!kept) setState(null);
        setActive(null);
      },
    });
    session.current = s;
    // Another tool, or 'Làm mới bản đồ', ends a measure going on (a finished one stays).
    return () => {
      if (s.isDone()) return;
      s.remove();
      setState((now) => (now?.done ? now : null));
    };
  }, [map, kind, setActive]);

  const shownReset = useRef(resetSignal);
  useEffect(() => {
    if (resetSignal === shownReset.current) return;
    shownReset.current = resetSignal;
    clear();
    setMenu(false);
  }, [resetSignal, clear]);

  useEffect(() => () => session.current?.remove(), []);

  const choose = (mode: 'measureDistance' | 'measureArea') => {
    setMenu(false);
    setActive(mode);
  };
  const enough = state ? state.points >= (state.kind === 'distance' ? 2 : 3) : false;

  return (
    <div className="map-tool-slot">
      <ToolButton
        label={t('map.measure.tool')}
        icon={MEASURE_ICON}
        pressed={kind !== null || menu}
        onClick={() => (kind ? clear() : setMenu(!menu))}
        testId="map-measure"
      />
      {menu && (
        <ToolFlyout
          label={t('map.measure.tool')}
          onClose={() => setMenu(false)}
          items={[
            {
              label: t('map.measure.distance'),
              testId: 'map-measure-distance',
              onSelect: () => choose('measureDistance'),
            },
            { label: t('map.measure.area'), testId: 'map-measure-area', onSelect: () => choose('measureArea') },
          ]}
        />
      )}
      {map && state && (
        <ToolPanel
          map={map}
          title={t(state.kind === 'distance' ? 'map.measure.distance' : 'map.measure.area')}
          testId="measure-panel"
          actions={
            <Button
              type="text"
              icon={<CloseOutlined />}
              aria-label={t('map.measure.clear')}
              onClick={clear}
              className="map-tool-panel-icon"
            />
          }
        >
          <p className="map-tool-panel-figure" aria-live="polite">
            {t(state.kind === 'distance' ? 'map.measure.length' : 'map.measure.surface')}:{' '}
            <span data-testid="measure-total">{state.text}</span>
          </p>
          {!state.done && (
            <>
              <p className="map-tool-panel-text">{t('map.measure.hint')}</p>
              <div className="map-tool-panel-actions">
                <Button
                  type="primary"
                  disabled={!enough}
                  onClick={() => session.current?.finish()}
                  data-testid="measure-finish"
                >
                  {t('map.measure.finish')}
                </Button>
                <Button disabled={state.points === 0} onClick={() => session.current?.undo()}>
                  {t('map.measure.undo')}
                </Button>
                <Button onClick={clear} data-testid="measure-clear">
                  {t('map.measure.clear')}
                </Button>
              </div>
            </>
          )}
        </ToolPanel>
      )}
    </div>
  );
}
