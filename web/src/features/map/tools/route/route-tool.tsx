import { lazy, Suspense, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { inAntdScope } from '../../../../app/antd-lazy';
import { ToolButton } from '../../../../map-kit/components/tool-button';
import type { MapToolProps } from '../../../../map-kit/tools/map-tool';

// The panel, its drawing and the save modal load on first use: the map's first load holds only the button.
// In the antd scope its panel and save form need, fetched with them (the map's first load has no antd).
const RoutePanel = lazy(() => inAntdScope(import('./route-panel')));

/** A winding road from A to B: inline SVG, lighter than an icon module on the map's first load. */
const ROUTE_ICON = (
  <span className="anticon">
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 19a2 2 0 1 0 4 0 2 2 0 1 0-4 0M17 5a2 2 0 1 0 4 0 2 2 0 1 0-4 0M7 19h7a3.5 3.5 0 0 0 0-7h-4a3.5 3.5 0 0 1 0-7h7" />
    </svg>
  </span>
);

/**
 * 'Tìm đường' (issue #8, public-portal §4 route-planning mode): a button that switches the mode on and off.
 * While on, the panel guides the choice of the points and draws the route; leaving the mode (the button,
 * another tool, 'Làm mới bản đồ') unmounts the panel, which removes everything it drew.
 */
export function RouteTool({ map, active, setActive, resetSignal, showOverlay }: MapToolProps) {
  const { t } = useTranslation();
  const on = active === 'route';
  const signal = useRef(resetSignal);

  useEffect(() => {
    if (signal.current === resetSignal) return;
    signal.current = resetSignal;
    if (on) setActive(null);
  }, [resetSignal, on, setActive]);

  return (
    <>
      <ToolButton
        label={t('map.route.tool')}
        icon={ROUTE_ICON}
        onClick={() => setActive(on ? null : 'route')}
        pressed={on}
        disabled={!map}
        testId="map-route"
      />
      {on &&
        map &&
        // Over the map page, not inside the toolbar: a panel of its own (bottom sheet on phones).
        createPortal(
          <Suspense fallback={null}>
            <RoutePanel map={map} onClose={() => setActive(null)} onSaved={() => showOverlay('evacuationRoads')} />
          </Suspense>,
          map.getContainer().closest('.map-page') ?? document.body,
        )}
    </>
  );
}
