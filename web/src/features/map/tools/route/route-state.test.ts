import { ROUTE_TEXT } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { NO_POINTS, routeErrorText, routePointsReducer, routeRequest, routeStep } from './route-state';

const A = { lat: 21.27, lng: 107.25 };
const B = { lat: 21.28, lng: 107.3 };
const C = { lat: 21.29, lng: 107.31 };
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

describe('route points', () => {
  it('takes the start, then the destination from clicks, then ignores clicks', () => {
    let s = routePointsReducer(NO_POINTS, { type: 'pick', at: A });
    expect(routeStep(s)).toBe('to');
    expect(routeRequest(s)).toBeNull();
    s = routePointsReducer(s, { type: 'pick', at: B });
    expect(routeStep(s)).toBe('route');
    expect(routeRequest(s)).toEqual({ from: A, to: B });
    expect(routePointsReducer(s, { type: 'pick', at: C })).toBe(s);
  });

  it('asks for the nearest evacuation point only once a start is chosen, dropping a chosen destination', () => {
    expect(routePointsReducer(NO_POINTS, { type: 'nearest' })).toBe(NO_POINTS);
    let s = routePointsReducer(NO_POINTS, { type: 'pick', at: A });
    s = routePointsReducer(s, { type: 'pick', at: B });
    s = routePointsReducer(s, { type: 'nearest' });
    expect(s.to).toBeNull();
    expect(routeRequest(s)).toEqual({ from: A, nearest: 'evacuation' });
  });

  it('takes my location as the start at any step and keeps the destination', () => {
    let s = routePointsReducer(NO_POINTS, { type: 'pick', at: A });
    s = routePointsReducer(s, { type: 'pick', at: B });
    s = routePointsReducer(s, { type: 'start', at: C });
    expect(routeRequest(s)).toEqual({ from: C, to: B });
  });

  it('moves a dragged marker, but not the evacuation point the server chose', () => {
    let s = routePointsReducer(NO_POINTS, { type: 'pick', at: A });
    s = routePointsReducer(s, { type: 'pick', at: B });
    s = routePointsReducer(s, { type: 'move', point: 'to', at: C });
    expect(s.to).toEqual(C);
    s = routePointsReducer(s, { type: 'nearest' });
    expect(routePointsReducer(s, { type: 'move', point: 'to', at: A })).toBe(s);
    expect(routePointsReducer(s, { type: 'move', point: 'from', at: B }).from).toEqual(B);
  });

  it('rounds the points (the same click gives the same request) and clears everything', () => {
    const s = routePointsReducer(NO_POINTS, { type: 'pick', at: { lat: 21.123456789, lng: 107.987654321 } });
    expect(s.from).toEqual({ lat: 21.1234568, lng: 107.9876543 });
    expect(routePointsReducer(s, { type: 'clear' })).toEqual(NO_POINTS);
  });
});

describe('routeErrorText', () => {
  it("translates the server's reason and names the refused point", () => {
    const body = {
      code: 'VALIDATION_FAILED' as const,
      message: `${ROUTE_TEXT.outside} (from)`,
      fields: [{ field: 'from', message: ROUTE_TEXT.outside }],
      requestId: 'r',
    };
    expect(routeErrorText(body, t)).toBe(
      'map.route.pointError {"point":"map.route.start","message":"map.route.errors.outside"}',
    );
  });

  it('translates a known 404 and shows an unknown one as the server wrote it', () => {
    const notFound = (message: string) => ({ code: 'NOT_FOUND' as const, message, requestId: 'r' });
    expect(routeErrorText(notFound(ROUTE_TEXT.noRoute), t)).toBe('map.route.errors.noRoute');
    expect(routeErrorText(notFound('Không tìm thấy đường đi khác'), t)).toBe('Không tìm thấy đường đi khác');
  });

  it('falls back to the generic error for anything else', () => {
    expect(routeErrorText(null, t)).toBe('errors.generic');
    expect(routeErrorText({ code: 'INTERNAL', message: 'x', requestId: 'r' }, t)).toBe('errors.generic');
  });
});
