import { type Alert, publicAlert } from '../alerts/alerts.schemas';
import type { FloodChange } from '../flood-analysis/flood-event-rules';
import type { StationKind } from '../stations/classify';
import type { ReadingQuality } from '../stations/reading-quality';

/**
 * Every event the server's bus carries (one process in memory, or several through Redis), with its payload. The
 * bus is typed by this table: a listener that checks `event.type` gets that event's payload without a cast.
 * `GET /api/events` forwards to browsers only the events in `PUBLIC_EVENTS`; anyone may open that stream.
 */
export interface PortalEvents {
  /** A reading was stored (a logger's push or an imported file): pages with readings refresh. Public. */
  reading: ReadingEvent;
  /** An import job finished: the flood-event detector re-reads the imported span. Internal. */
  import: ImportEvent;
  /** A warning opened, rose, fell, changed or ended: the banner, the toasts and the SMS page refresh. Public. */
  alert: AlertEvent;
  /** A message of the SMS send history changed (sent, failed, uncertain): the SMS page refreshes. Public. */
  sms: SmsEvent;
  /** A flood event opened, reopened, peaked or closed, or all were recomputed: caches drop. Internal. */
  'flood-event': FloodEventEvent;
  /** 'Web Parameters' (the thresholds) changed: readings are coloured anew. Public. */
  config: ConfigEvent;
  /** A station was added, edited, stopped or deleted: station caches drop. Internal. */
  'stations-changed': ChangedEvent;
  /** A news item changed: the public news lists' cache drops. Internal. */
  'news-changed': ChangedEvent;
  /** A data layer changed: the layer list's cache drops. Internal. */
  'data-layers-changed': ChangedEvent;
  /** A geodata file or folder was stored or deleted: the kept public reads of files and lists drop. Internal. */
  'geodata-changed': ChangedEvent;
  /** An officer's warning was published, updated or cancelled (#23): the banner and the map refresh. Public. */
  warning: WarningChangeEvent;
  /** The area's settings changed (#26): names, units, map view. Pages re-read `GET /api/area`. Public. */
  area: ChangedEvent;
}

export type PortalEventName = keyof PortalEvents;

export interface ReadingEvent {
  stationId: number;
  stationCode: string;
  kind: StationKind;
  /** ISO 8601, UTC. */
  observedAt: string;
  /** Water cm or rain mm, as stored. */
  value: number;
  /** Its quality flag (#22); a bad reading is not announced as a value people read. */
  quality: ReadingQuality;
}

export interface ImportEvent {
  jobId: string;
  /** New readings stored (duplicates not counted). */
  stored: number;
  /** The span of the imported water readings (ISO 8601), or null when there were none. */
  from: string | null;
  to: string | null;
}

export type AlertChange = 'opened' | 'escalated' | 'lowered' | 'updated' | 'cleared';

export interface AlertEvent {
  action: AlertChange;
  alert: Alert;
}

export interface SmsEvent {
  /** The message's id in the send history. */
  id: number;
}

export type FloodEventEvent =
  | { action: Exclude<FloodChange['kind'], 'none'>; id: number }
  /** Events were recomputed from the readings (a range, or after an import): no single id. */
  | { action: 'recomputed' };

export interface ConfigEvent {
  webParametersChanged: true;
}

export interface WarningChangeEvent {
  id: number;
  action: 'published' | 'updated' | 'cancelled';
}

/** Something changed; listeners re-read it (nothing is carried, so nothing leaks). */
export type ChangedEvent = Record<string, never>;

/** The events `GET /api/events` forwards to browsers (anyone may open the stream), and the web listens to. */
export const PUBLIC_EVENTS = [
  'reading',
  'config',
  'alert',
  'sms',
  'warning',
  'area',
] as const satisfies readonly PortalEventName[];
export type PublicEventName = (typeof PUBLIC_EVENTS)[number];

/** The events that stay inside the server (caches, the flood-event detector). */
export const INTERNAL_EVENTS = [
  'import',
  'flood-event',
  'stations-changed',
  'news-changed',
  'data-layers-changed',
  'geodata-changed',
] as const satisfies readonly Exclude<PortalEventName, PublicEventName>[];

export type InternalEventName = (typeof INTERNAL_EVENTS)[number];
type Unlisted = Exclude<PortalEventName, PublicEventName | InternalEventName>;

/** Every event name once. Compiles only while each name of `PortalEvents` is in one of the two lists. */
export const PORTAL_EVENT_NAMES: readonly PortalEventName[] & ([Unlisted] extends [never] ? unknown : never) = [
  ...PUBLIC_EVENTS,
  ...INTERNAL_EVENTS,
];

export function isPortalEventName(name: string): name is PortalEventName {
  return (PORTAL_EVENT_NAMES as readonly string[]).includes(name);
}

export function isPublicEvent(name: string): name is PublicEventName {
  return (PUBLIC_EVENTS as readonly string[]).includes(name);
}

/** The one builder of a stored reading's event (the push and the import both announce with it). */
export function readingEvent(
  station: { id: number; code: string; kind: StationKind },
  observedAt: Date,
  value: number,
  quality: ReadingQuality = 'good',
): ReadingEvent {
  return {
    stationId: station.id,
    stationCode: station.code,
    kind: station.kind,
    observedAt: observedAt.toISOString(),
    value,
    quality,
  };
}

export function importEvent(jobId: string, stored: number, span: { first: number; last: number }): ImportEvent {
  const iso = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null);
  return { jobId, stored, from: iso(span.first), to: iso(span.last) };
}

/** An alert's event: public (the stream goes to every browser), so without what only staff may read. */
export function alertEvent(action: AlertChange, alert: Alert): AlertEvent {
  return { action, alert: publicAlert(alert) };
}

export function smsEvent(id: number): SmsEvent {
  return { id };
}

export const CONFIG_CHANGED: ConfigEvent = { webParametersChanged: true };
/** The event that drops every process's cached station lists (published by station editing). */
export const STATIONS_CHANGED = 'stations-changed' satisfies PortalEventName;
export const CHANGED: ChangedEvent = {};
