import { type ErrorBody, type LatLng, ROUTE_TEXT, type RouteRequest } from '@flood/domain';

/** The points of route planning: a start, then a destination or the nearest evacuation point. */
export interface RoutePoints {
  from: LatLng | null;
  to: LatLng | null;
  nearest: boolean;
}

export const NO_POINTS: RoutePoints = { from: null, to: null, nearest: false };

export type RoutePointsAction =
  /** A click on the map: the start first, then the destination; ignored once both are chosen. */
  | { type: 'pick'; at: LatLng }
  /** 'Dùng vị trí của tôi': the start, keeping the destination. */
  | { type: 'start'; at: LatLng }
  /** 'Đến điểm sơ tán gần nhất' (needs a start). */
  | { type: 'nearest' }
  /** A marker dragged to a new place. */
  | { type: 'move'; point: 'from' | 'to'; at: LatLng }
  /** 'Xoá tuyến'. */
  | { type: 'clear' };

/** Coordinates rounded to ~1 cm: the same click gives the same request (and the cached route). */
function round(p: LatLng): LatLng {
  return { lat: Math.round(p.lat * 1e7) / 1e7, lng: Math.round(p.lng * 1e7) / 1e7 };
}

/** The steps of the route panel (public-portal §4 route-planning mode). */
export function routePointsReducer(state: RoutePoints, action: RoutePointsAction): RoutePoints {
  switch (action.type) {
    case 'pick':
      if (!state.from) return { ...state, from: round(action.at) };
      if (!state.to && !state.nearest) return { ...state, to: round(action.at) };
      return state;
    case 'start':
      return { ...state, from: round(action.at) };
    case 'nearest':
      if (!state.from) return state;
      return { ...state, to: null, nearest: true };
    case 'move':
      if (action.point === 'to' && state.nearest) return state;
      if (!state[action.point]) return state;
      return { ...state, [action.point]: round(action.at) };
    case 'clear':
      return NO_POINTS;
  }
}

/** What to ask the server, once the start and a destination (or 'nearest') are chosen. */
export function routeRequest(p: RoutePoints): RouteRequest | null {
  if (!p.from) return null;
  if (p.nearest) return { from: p.from, nearest: 'evacuation' };
  if (p.to) return { from: p.from, to: p.to };
  return null;
}

/** Which step the panel guides: choose the start, choose the destination, or the route is asked for. */
export function routeStep(p: RoutePoints): 'from' | 'to' | 'route' {
  if (!p.from) return 'from';
  return p.nearest || p.to ? 'route' : 'to';
}

/** The i18n key of each server message the panel may show (the server speaks Vietnamese only). */
const MESSAGE_KEYS: Record<string, string> = {
  [ROUTE_TEXT.noRoute]: 'map.route.errors.noRoute',
  [ROUTE_TEXT.noEvacuationRoute]: 'map.route.errors.noEvacuationRoute',
  [ROUTE_TEXT.noRoads]: 'map.route.errors.noRoads',
  [ROUTE_TEXT.noEvacuationPoints]: 'map.route.errors.noEvacuationPoints',
  [ROUTE_TEXT.outside]: 'map.route.errors.outside',
};

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a failed route call: the server's reason in the reader's language, naming the point when a
 * point is refused ('Điểm đi: Điểm nằm ngoài địa bàn của cổng'), else the generic error.
 */
export function routeErrorText(body: ErrorBody | null, t: Translate): string {
  if (!body || (body.code !== 'NOT_FOUND' && body.code !== 'VALIDATION_FAILED')) return t('errors.generic');
  const field = body.fields?.[0];
  if (field) {
    const key = MESSAGE_KEYS[field.message];
    const message = key ? t(key) : field.message;
    const point = field.field === 'from' ? t('map.route.start') : field.field === 'to' ? t('map.route.end') : '';
    return point ? t('map.route.pointError', { point, message }) : message;
  }
  const key = MESSAGE_KEYS[body.message];
  return key ? t(key) : body.message;
}
