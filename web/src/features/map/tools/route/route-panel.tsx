import './route-tool.css';
import {
  CloseOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  FlagOutlined,
  LoadingOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { formatDistance, hasAnyPermission, type LatLng } from '@flood/domain';
import { type Map as LeafletMap, type LeafletMouseEvent, latLngBounds, type PointTuple, point } from 'leaflet';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api/client';
import { isAuthenticated, useSession } from '../../../../lib/session/session-store';
import { toast } from '../../../../lib/toast/toast';
import { useRoute } from '../../../routing';
import { isRouteFromDevice, routeOnDevice } from './offline-route';
import { createRouteDrawing, type RouteDrawing } from './route-layers';
import { NO_POINTS, routeErrorText, routePointsReducer, routeRequest, routeStep } from './route-state';

const RouteSaveModal = lazy(() => import('./route-save-modal'));

/** Who may save a route: the server's rule for POST /api/route/saved (the web hides what it would refuse). */
const SAVE_PERMISSION = ['database'] as const;
/** Off-road stretches shorter than this are not worth a line in the panel. */
const GAP_NOTE_M = 20;

type LocateState = 'idle' | 'locating' | 'unsupported' | 'denied' | 'failed';

export interface RoutePanelProps {
  map: LeafletMap;
  /** Ends the route-planning mode (the close button, Escape, a saved route). */
  onClose: () => void;
  /** A route was saved: the page shows the overlay it appears in. */
  onSaved?: () => void;
}

/**
 * The route-planning mode (public-portal §2, §4): choose the start (a click, or 'Dùng vị trí của tôi'),
 * then the destination (a click, or 'Đến điểm sơ tán gần nhất'); the server computes the route, drawn
 * with its length. Markers can be dragged. Staff with the database permission save it ('Lưu tuyến').
 * Unmounting removes everything it drew.
 */
export default function RoutePanel({ map, onClose, onSaved }: RoutePanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const session = useSession();
  const canSave = isAuthenticated(session) && hasAnyPermission(session.userDetail.functions, SAVE_PERMISSION);
  const [points, dispatch] = useReducer(routePointsReducer, NO_POINTS);
  const [locate, setLocate] = useState<LocateState>('idle');
  const [saveOpen, setSaveOpen] = useState(false);
  const request = useMemo(() => routeRequest(points), [points]);
  const step = routeStep(points);
  const route = useRoute(request, routeOnDevice);
  const current = request && route.data && !route.isPlaceholderData ? route.data : null;
  const shown = request ? (route.data ?? null) : null;
  const [drawing, setDrawing] = useState<RouteDrawing | null>(null);
  const panel = useRef<HTMLElement>(null);

  // The drawing lives as long as the mode (rebuilt when the language changes its marker names).
  useEffect(() => {
    const d = createRouteDrawing(map, { start: t('map.route.start'), end: t('map.route.end') }, (point, at) =>
      dispatch({ type: 'move', point, at }),
    );
    setDrawing(d);
    return () => d.remove();
  }, [map, t]);

  useEffect(() => {
    drawing?.update({
      from: points.from,
      to: points.nearest ? null : points.to,
      target: points.nearest ? (shown?.target ?? null) : null,
      route: shown,
    });
  }, [drawing, points, shown]);

  // A new route that leaves the part of the map free of controls and of the panel is brought into it.
  useEffect(() => {
    const b = current ? drawing?.bounds() : null;
    if (!b) return;
    const { topLeft, bottomRight } = freeArea(map, panel.current);
    const free = latLngBounds(
      map.containerPointToLatLng(point(topLeft[0], topLeft[1])),
      map.containerPointToLatLng(map.getSize().subtract(point(bottomRight[0], bottomRight[1]))),
    );
    if (!free.contains(b)) {
      map.fitBounds(b, { paddingTopLeft: topLeft, paddingBottomRight: bottomRight, maxZoom: 16 });
    }
  }, [current, drawing, map]);

  // Clicks on the map choose the points; the cursor says so while a point is awaited.
  useEffect(() => {
    const onClick = (e: LeafletMouseEvent) => dispatch({ type: 'pick', at: { lat: e.latlng.lat, lng: e.latlng.lng } });
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);
  useEffect(() => {
    const el = map.getContainer();
    el.classList.toggle('route-picking', step !== 'route');
    return () => el.classList.remove('route-picking');
  }, [map, step]);

  useEffect(() => {
    if (saveOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !(e.target instanceof HTMLInputElement)) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [saveOpen, onClose]);

  const locateMe = useCallback(() => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setLocate('unsupported');
      return;
    }
    setLocate('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const at: LatLng = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setLocate('idle');
        dispatch({ type: 'start', at });
        if (!map.getBounds().contains([at.lat, at.lng])) map.panTo([at.lat, at.lng]);
      },
      (err) => setLocate(err.code === err.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }, [map]);

  const error = request && route.isError ? routeErrorText(errorBody(route.error), t) : null;
  const locateError =
    locate === 'unsupported' || locate === 'denied' || locate === 'failed' ? t(`map.route.geo.${locate}`) : null;
  const loading = request !== null && route.isFetching;
  const gaps = shown ? shown.startGapM + shown.endGapM : 0;

  return (
    <section ref={panel} className="route-panel" aria-labelledby="route-panel-title" data-testid="route-panel">
      <header className="route-panel-head">
        <h2 id="route-panel-title">{t('map.route.title')}</h2>
        <button
          type="button"
          className="route-panel-close"
          onClick={onClose}
          aria-label={t('map.route.close')}
          data-testid="route-close"
        >
          <CloseOutlined />
        </button>
      </header>

      <ol className="route-steps">
        <li className={step === 'from' ? 'route-step route-step-current' : 'route-step'}>
          <span className="route-step-badge route-step-a" aria-hidden="true">
            A
          </span>
          <div className="route-step-body">
            <strong>{points.from ? t('map.route.start') : t('map.route.chooseStart')}</strong>
            {step === 'from' && <span className="route-hint">{t('map.route.clickMap')}</span>}
            <button
              type="button"
              className="route-btn"
              onClick={locateMe}
              disabled={locate === 'locating'}
              aria-busy={locate === 'locating'}
              data-testid="route-my-location"
            >
              {locate === 'locating' ? <LoadingOutlined /> : <EnvironmentOutlined />}
              <span>{locate === 'locating' ? t('map.route.locating') : t('map.route.myLocation')}</span>
            </button>
          </div>
        </li>
        <li className={step === 'to' ? 'route-step route-step-current' : 'route-step'}>
          <span className="route-step-badge route-step-b" aria-hidden="true">
            B
          </span>
          <div className="route-step-body">
            <strong>{points.to || points.nearest ? t('map.route.end') : t('map.route.chooseEnd')}</strong>
            {step === 'to' && <span className="route-hint">{t('map.route.clickMap')}</span>}
            {points.nearest && current?.target && (
              <span className="route-hint" data-testid="route-target">
                {t('map.route.target', { name: current.target.name })}
              </span>
            )}
            <button
              type="button"
              className="route-btn"
              onClick={() => dispatch({ type: 'nearest' })}
              disabled={!points.from || points.nearest}
              data-testid="route-nearest"
            >
              <FlagOutlined />
              <span>{t('map.route.nearest')}</span>
            </button>
          </div>
        </li>
      </ol>

      <div className="route-result" aria-live="polite">
        {locateError && (
          <p className="route-error" role="alert" data-testid="route-locate-error">
            {locateError}
          </p>
        )}
        {loading && <p className="route-loading">{t('map.route.loading')}</p>}
        {error && (
          <p className="route-error" role="alert" data-testid="route-error">
            {error}
          </p>
        )}
        {current && !loading && (
          <>
            <p className="route-length" data-testid="route-length">
              {t('map.route.length', { length: formatDistance(current.lengthM, lang) })}
            </p>
            {gaps >= GAP_NOTE_M && (
              <p className="route-hint">{t('map.route.offRoad', { length: formatDistance(gaps, lang) })}</p>
            )}
            {isRouteFromDevice(current) && (
              <p className="route-hint" data-testid="route-offline">
                {t('map.route.offline')}
              </p>
            )}
            <p className="route-hint">{t('map.route.dragHint')}</p>
          </>
        )}
      </div>

      <div className="route-panel-actions">
        <button
          type="button"
          className="route-btn"
          onClick={() => dispatch({ type: 'clear' })}
          disabled={!points.from}
          data-testid="route-clear"
        >
          <DeleteOutlined />
          <span>{t('map.route.clear')}</span>
        </button>
        {canSave && (
          <button
            type="button"
            className="route-btn route-btn-primary"
            onClick={() => setSaveOpen(true)}
            disabled={!current || loading}
            data-testid="route-save"
          >
            <SaveOutlined />
            <span>{t('map.route.save')}</span>
          </button>
        )}
      </div>

      {saveOpen && current && (
        <Suspense fallback={null}>
          <RouteSaveModal
            route={current}
            onCancel={() => setSaveOpen(false)}
            onSaved={() => {
              // The shell's toast: the panel (and its antd scope) closes at once, the toast stays its 3 s.
              toast.success(t('map.route.saved'));
              setSaveOpen(false);
              onSaved?.();
              onClose();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/**
 * The margins (px) of the map that its controls cover, as Leaflet's fit paddings: the two toolbars on the
 * left and the place search on top, plus the panel — on the left on wide screens, at the bottom on phones
 * (a bottom sheet).
 */
function freeArea(map: LeafletMap, panel: HTMLElement | null): { topLeft: PointTuple; bottomRight: PointTuple } {
  const topLeft: PointTuple = [112, 64];
  const bottomRight: PointTuple = [24, 24];
  if (!panel) return { topLeft, bottomRight };
  const box = map.getContainer().getBoundingClientRect();
  const p = panel.getBoundingClientRect();
  // A panel nearly as wide as the map is the phones' bottom sheet.
  if (p.width > box.width * 0.6) bottomRight[1] += Math.max(0, box.bottom - p.top);
  else topLeft[0] = Math.max(topLeft[0], p.right - box.left + 24);
  return { topLeft, bottomRight };
}

function errorBody(error: unknown) {
  return error instanceof ApiError ? error.body : null;
}
