import { DB_ID_MAX, pointInGeometry } from '@flood/domain';
import type { Db } from '../../db/client';
import { type Commune, loadCommunes } from '../../db/seed/seed-files';
import { renderWarningCap, warningFeedEntry } from '../warnings/warning-cap.xml';
import { findWarningCap, recentWarningCaps, warningCapMessages } from '../warnings/warnings.repository';
import { earlierCapMessages, findCapMessage, recentCapMessages } from './alerts.repository';
import { type CapSettings, capFeedEntry, renderCapAlert, renderCapFeed } from './cap.xml';

/** How far back the Atom index reaches, and how many entries it holds at most. */
const FEED_DAYS = 30;
const FEED_MAX = 200;

/** The public CAP 1.2 feed: the Atom index and each message, rendered from the stored warning steps. */
export function createCapService(deps: {
  db: Db;
  settings: Omit<CapSettings, 'baseUrl' | 'senderName'>;
  /** The sender's name in both languages, read at each message (it follows the area's settings, #26). */
  senderName: () => Promise<CapSettings['senderName']>;
  now: () => Date;
  communes?: () => Promise<Commune[]>;
}) {
  const settingsFor = async (baseUrl: string): Promise<CapSettings> => ({
    ...deps.settings,
    senderName: await deps.senderName(),
    baseUrl,
  });
  const communes = deps.communes ?? loadCommunes;
  const communeAt = async (lat: number, lon: number) =>
    (await communes()).find((c) => pointInGeometry(lon, lat, c.geometry)) ?? null;

  return {
    /** The Atom index of the last 30 days, newest first. */
    async feed(baseUrl: string): Promise<string> {
      const now = deps.now();
      const since = new Date(now.getTime() - FEED_DAYS * 86_400_000);
      const s = await settingsFor(baseUrl);
      // The automatic alerts' and the officers' warnings' messages, newest first.
      const [auto, officers] = await Promise.all([
        recentCapMessages(deps.db, since, FEED_MAX),
        recentWarningCaps(deps.db, since, FEED_MAX),
      ]);
      const entries = [...auto.map((m) => capFeedEntry(m, s)), ...officers.map((m) => warningFeedEntry(m, s))]
        .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())
        .slice(0, FEED_MAX);
      return renderCapFeed(entries, s, now);
    },
    /** One CAP message as XML; null when it does not exist. */
    async message(id: number, baseUrl: string): Promise<string | null> {
      // A number past the integer id column names no message (and would fail the query).
      if (id > DB_ID_MAX) return null;
      const full = await findCapMessage(deps.db, id);
      if (!full) {
        // An officer's warning (#23): references name the earlier messages of the same part of its area.
        const m = await findWarningCap(deps.db, id);
        if (!m) return null;
        const earlier = (await warningCapMessages(deps.db, m.warningId!)).filter(
          (e) => e.id < m.id && e.areaKey === m.areaKey,
        );
        return renderWarningCap(m, earlier, await settingsFor(baseUrl));
      }
      const earlier = await earlierCapMessages(deps.db, full.alert.id, full.message.id);
      const commune = await communeAt(full.station.latitude, full.station.longitude);
      return renderCapAlert(full, earlier, commune, await settingsFor(baseUrl));
    },
  };
}
export type CapService = ReturnType<typeof createCapService>;
