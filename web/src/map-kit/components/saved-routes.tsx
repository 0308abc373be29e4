import './saved-routes.css';
import { formatDistance, hasAnyPermission, type SavedRoute } from '@flood/domain';
import { App } from 'antd';
import { type LatLngTuple, layerGroup, polyline } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Pane, useMap } from 'react-leaflet';
import { useConfirmDelete } from '../../components/confirm-delete';
import { useDeleteSavedRoute, useSavedRoutes } from '../../features/routing';
import { isAuthenticated, useSession } from '../../lib/session/session-store';
import { escapeHtml } from '../model/html';

/** Over the roads file (overlays, 420) and under the labels (450), whichever of the two loaded last. */
const PANE = 'saved-routes';
/** A saved route: solid orange on a white casing, apart from the roads file's green dashes. */
const LINE = { color: '#e65100', weight: 5, opacity: 0.95 };
const CASING = { color: '#fff', weight: 9, opacity: 0.85 };
/** An invisible wide line takes the pointer: a 5 px line is hard to hover, and to tap on a phone. */
const HIT = { color: '#000', weight: 18, opacity: 0 };

/**
 * The routes staff saved ('Lưu thông tin tuyến'), drawn in the evacuation roads overlay ('Đường sơ tán'):
 * a tooltip with the name and length; staff with the database permission can delete one from its popup.
 * Rendered by the overlay only while it is on, so the list is fetched only then.
 */
export default function SavedRoutes() {
  return (
    <Pane name={PANE} pane="mapPane" style={{ zIndex: 425 }}>
      <SavedRouteLines />
    </Pane>
  );
}

function SavedRouteLines() {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'vi';
  const session = useSession();
  const canDelete = isAuthenticated(session) && hasAnyPermission(session.userDetail.functions, ['database']);
  const { data } = useSavedRoutes();
  const remove = useDeleteSavedRoute();
  const confirmDelete = useConfirmDelete();
  const { message } = App.useApp();
  // Deleting reads the latest of these without redrawing the lines on every render.
  const onDelete = useRef<(id: number) => void>(() => {});
  onDelete.current = (id) =>
    confirmDelete(async () => {
      await remove.mutateAsync(id);
      void message.success(t('map.route.deleted'));
    });

  useEffect(() => {
    if (!data?.features.length) return;
    const group = layerGroup().addTo(map);
    const popup = (route: SavedRoute, label: string, close: () => void) => {
      const box = document.createElement('div');
      const title = document.createElement('strong');
      title.textContent = label;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'saved-route-delete';
      button.textContent = t('map.route.deleteSaved');
      button.dataset.testid = 'saved-route-delete';
      button.addEventListener('click', () => {
        close();
        onDelete.current(route.id);
      });
      box.append(title, document.createElement('br'), button);
      return box;
    };
    for (const route of data.features) {
      const { id, name, lengthM } = route.properties;
      const label = `${name} – ${formatDistance(lengthM, lang)}`;
      const path = route.geometry.coordinates.map(([lng, lat]) => [lat, lng] as LatLngTuple);
      const options = { pane: PANE, interactive: false, lineCap: 'round' as const, lineJoin: 'round' as const };
      polyline(path, { ...options, ...CASING }).addTo(group);
      const line = polyline(path, { ...options, ...LINE }).addTo(group);
      line.getElement()?.setAttribute('data-testid', 'saved-route');
      line.getElement()?.setAttribute('data-route-id', String(id));
      const hit = polyline(path, { ...options, ...HIT, interactive: true }).addTo(group);
      hit.getElement()?.setAttribute('data-testid', 'saved-route-hit');
      hit.bindTooltip(escapeHtml(label), { sticky: true });
      if (canDelete) hit.bindPopup(popup(route, label, () => hit.closePopup()));
    }
    return () => {
      group.remove();
    };
  }, [map, data, lang, canDelete, t]);

  return null;
}
