import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import type { ActiveTool, MapToolProps } from '../../../../map-kit/tools/map-tool';
import { drawShape, type ShapeView, showShape } from './draw-engine';
import { DrawResults } from './draw-results';
import type { DrawnShape } from './stations-in-shape';
import { ToolFlyout } from './tool-flyout';
import { DRAW_ICON } from './tool-icons';
import { ToolPanel } from './tool-panel';

const MODES: Partial<Record<NonNullable<ActiveTool>, DrawnShape['kind']>> = {
  drawCircle: 'circle',
  drawRectangle: 'rectangle',
};

/**
 * The drawing tool once loaded (it mounts on the button's first press, menu open). Spec §4: a finished shape
 * swaps the draw button for edit and delete buttons and lists the stations inside; deleting the shape brings
 * the draw button back. 'Làm mới bản đồ' removes the shape.
 */
export default function DrawControls({ map, active, setActive, resetSignal }: MapToolProps) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState(true);
  const [shape, setShape] = useState<DrawnShape | null>(null);
  const [editing, setEditing] = useState(false);
  const view = useRef<ShapeView | null>(null);
  const drawing = active ? (MODES[active] ?? null) : null;

  const removeShape = useCallback(() => {
    view.current?.remove();
    view.current = null;
    setShape(null);
    setEditing(false);
  }, []);

  // The drawing mode: press, drag, release draws the shape; Escape, another tool or 'Huỷ' ends it.
  useEffect(() => {
    if (!map || !drawing) return;
    return drawShape(map, drawing, {
      done: (drawn) => {
        view.current?.remove();
        view.current = showShape(map, drawn, setShape);
        setShape(drawn);
        setActive(null);
      },
      cancel: () => setActive(null),
    });
  }, [map, drawing, setActive]);

  const shownReset = useRef(resetSignal);
  useEffect(() => {
    if (resetSignal === shownReset.current) return;
    shownReset.current = resetSignal;
    removeShape();
    setMenu(false);
  }, [resetSignal, removeShape]);

  useEffect(() => () => view.current?.remove(), []);

  const choose = (mode: 'drawCircle' | 'drawRectangle') => {
    setMenu(false);
    setActive(mode);
  };

  return (
    <div className="map-tool-slot">
      {shape ? (
        <>
          <ToolButton
            label={t('map.draw.edit')}
            icon={<EditOutlined />}
            pressed={editing}
            onClick={() => {
              view.current?.setEditing(!editing);
              setEditing(!editing);
            }}
            testId="map-draw-edit"
          />
          <ToolButton
            label={t('map.draw.remove')}
            icon={<DeleteOutlined />}
            onClick={removeShape}
            testId="map-draw-delete"
          />
        </>
      ) : (
        <ToolButton
          label={t('map.draw.tool')}
          icon={DRAW_ICON}
          pressed={drawing !== null || menu}
          onClick={() => (drawing ? setActive(null) : setMenu(!menu))}
          testId="map-draw"
        />
      )}
      {menu && !shape && (
        <ToolFlyout
          label={t('map.draw.tool')}
          onClose={() => setMenu(false)}
          items={[
            { label: t('map.draw.circle'), testId: 'map-draw-circle', onSelect: () => choose('drawCircle') },
            { label: t('map.draw.rectangle'), testId: 'map-draw-rectangle', onSelect: () => choose('drawRectangle') },
          ]}
        />
      )}
      {map && drawing && (
        <ToolPanel map={map} title={t(`map.draw.${drawing}`)} testId="draw-hint">
          <p className="map-tool-panel-text">
            {t(drawing === 'circle' ? 'map.draw.hintCircle' : 'map.draw.hintRectangle')}
          </p>
          <div className="map-tool-panel-actions">
            <Button onClick={() => setActive(null)} data-testid="draw-cancel">
              {t('map.draw.cancel')}
            </Button>
          </div>
        </ToolPanel>
      )}
      {map && shape && <DrawResults map={map} shape={shape} editing={editing} />}
    </div>
  );
}
