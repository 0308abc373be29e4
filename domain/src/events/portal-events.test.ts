import { describe, expect, it } from 'vitest';
import {
  INTERNAL_EVENTS,
  importEvent,
  isPortalEventName,
  isPublicEvent,
  PORTAL_EVENT_NAMES,
  PUBLIC_EVENTS,
  readingEvent,
} from './portal-events';

describe('portal events', () => {
  it('lists each event name once, public or internal', () => {
    expect(new Set(PORTAL_EVENT_NAMES).size).toBe(PORTAL_EVENT_NAMES.length);
    expect(PUBLIC_EVENTS.filter((n) => (INTERNAL_EVENTS as readonly string[]).includes(n))).toEqual([]);
    expect([...PORTAL_EVENT_NAMES].sort()).toEqual([...PUBLIC_EVENTS, ...INTERNAL_EVENTS].sort());
  });

  it('forwards to browsers only readings, thresholds, warnings, SMS history rows, officers’ warnings and the area', () => {
    expect([...PUBLIC_EVENTS]).toEqual(['reading', 'config', 'alert', 'sms', 'warning', 'area']);
    expect(isPublicEvent('reading')).toBe(true);
    for (const name of ['stations-changed', 'news-changed', 'data-layers-changed', 'import', 'flood-event', 'x']) {
      expect(isPublicEvent(name)).toBe(false);
    }
    expect(isPortalEventName('import')).toBe(true);
    expect(isPortalEventName('readings')).toBe(false);
  });

  it('builds a stored reading’s event with the time in UTC ISO', () => {
    expect(readingEvent({ id: 7, code: 'F01024', kind: 'water' }, new Date('2026-11-01T03:10:00Z'), 245)).toEqual({
      stationId: 7,
      stationCode: 'F01024',
      kind: 'water',
      observedAt: '2026-11-01T03:10:00.000Z',
      value: 245,
      quality: 'good',
    });
    const spike = readingEvent(
      { id: 7, code: 'F01024', kind: 'water' },
      new Date('2026-11-01T03:20:00Z'),
      900,
      'suspect',
    );
    expect(spike.quality).toBe('suspect');
  });

  it('builds an import’s event with its span, or nulls when it stored no water reading', () => {
    const at = Date.parse('2026-11-01T00:00:00Z');
    expect(importEvent('job', 2, { first: at, last: at + 3_600_000 })).toEqual({
      jobId: 'job',
      stored: 2,
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-01T01:00:00.000Z',
    });
    expect(importEvent('job', 0, { first: Number.POSITIVE_INFINITY, last: Number.NEGATIVE_INFINITY })).toMatchObject({
      from: null,
      to: null,
    });
  });
});
