import { emailWayOut, phoneToInternational, pointInGeometry, smsWithWayOut, type WarningKind } from '@flood/domain';
import type { Tx } from '../../db/client';
import type { Commune } from '../../db/seed/seed-files';
import type { PushPayload } from '../../lib/channels/channel';
import type { messageOutbox } from '../alerts/sms-admin.table';
import { manageToken, subscriptionLinks } from './subscription-links';
import { type SubscriberTarget, subscriberTargets, toldSubscriberTargets } from './subscriptions.repository';

type OutboxRow = typeof messageOutbox.$inferInsert;

/** The data of the Zalo ZNS template registered for warnings (docs/operations.md): accented, as people read it. */
export interface ZaloWarningData {
  title: string;
  area: string;
  content: string;
  time: string;
}

/** One warning (or its update or cancel) in each channel's words; a channel whose text is null is not used. */
export interface ChannelTexts {
  /** The SMS in at most `limit` GSM-7 characters (the rest of the segment is the way out). */
  sms: ((limit: number) => string) | null;
  email: string | null;
  push: Omit<PushPayload, 'manage'> | null;
  /** `link`: the warning's page, absolute or from the portal's root ('/canh-bao/12'). */
  zalo: (ZaloWarningData & { link: string }) | null;
}

/** The name a subscriber's messages carry in the send history (no personal data). */
export const SUBSCRIBER_NAME = 'Người đăng ký';

export interface SubscriberRoutingDeps {
  /** The key that signs the way-out links. */
  linkKey: () => Promise<string>;
  publicUrl: string | undefined;
  /** How an e-mail names the portal (the area's settings, #26). */
  emailPortal: () => Promise<string>;
}

/**
 * The outbox rows of a warning to its subscribers (#24 routing): the confirmed channels of the subscriptions of
 * any of `communes` and of `kind`, each address once, leaving out an address the staff recipients already get
 * (`staff`), each message with the subscription's way out (a short signed link in an SMS, a footer in an e-mail,
 * the manage action of a push, the `manage` parameter of Zalo).
 */
export function createSubscriberRouting(deps: SubscriberRoutingDeps) {
  /** Each target's message in its channel's words, with its way out; a channel without text gets none. */
  async function rowsFor(
    targets: readonly SubscriberTarget[],
    texts: ChannelTexts,
    about: Pick<OutboxRow, 'alertId' | 'warningId' | 'purpose'>,
    staff: readonly { phone: string | null; email: string | null }[],
  ): Promise<OutboxRow[]> {
    if (!targets.length) return [];
    const staffPhones = new Set(staff.flatMap((r) => (r.phone ? [phoneToInternational(r.phone)] : [])));
    const staffEmails = new Set(staff.flatMap((r) => (r.email ? [r.email.toLowerCase()] : [])));
    const key = await deps.linkKey();
    const portal = await deps.emailPortal();
    const rows: OutboxRow[] = [];
    for (const t of targets) {
      const links = subscriptionLinks(
        deps.publicUrl ?? t.linkBase,
        manageToken(key, { id: t.subscriberId, linkNonce: t.linkNonce }),
      );
      let body: string | null = null;
      if (t.channel === 'sms' && texts.sms && !staffPhones.has(t.address)) body = smsWithWayOut(texts.sms, links.short);
      else if (t.channel === 'email' && texts.email && !staffEmails.has(t.address))
        body = `${texts.email}${emailWayOut(links.manage, portal)}`;
      else if (t.channel === 'push' && texts.push)
        body = JSON.stringify({ ...texts.push, manage: links.manage } satisfies PushPayload);
      else if (t.channel === 'zalo' && texts.zalo) {
        const link = texts.zalo.link.startsWith('/') ? `${links.root}${texts.zalo.link}` : texts.zalo.link;
        body = JSON.stringify({ ...texts.zalo, link, manage: links.manage });
      }
      if (body === null) continue;
      rows.push({
        ...about,
        subscriberId: t.subscriberId,
        channelId: t.channelId,
        name: SUBSCRIBER_NAME,
        channel: t.channel,
        recipient: t.address,
        body,
      });
    }
    return rows;
  }

  return {
    /** The messages of a warning to the subscribers of its communes and kind. */
    async outboxRows(
      tx: Tx,
      target: { communes: readonly string[]; kind: WarningKind },
      texts: ChannelTexts,
      about: Pick<OutboxRow, 'alertId' | 'warningId' | 'purpose'>,
      staff: readonly { phone: string | null; email: string | null }[],
    ): Promise<OutboxRow[]> {
      return rowsFor(await subscriberTargets(tx, target.communes, target.kind), texts, about, staff);
    },

    /** The cancel of an alert to the subscribers it was told to (and still are). */
    async toldRows(
      tx: Tx,
      alertId: number,
      texts: ChannelTexts,
      about: Pick<OutboxRow, 'alertId' | 'warningId' | 'purpose'>,
    ): Promise<OutboxRow[]> {
      return rowsFor(await toldSubscriberTargets(tx, alertId), texts, about, []);
    },
  };
}
export type SubscriberRouting = ReturnType<typeof createSubscriberRouting>;

/**
 * The communes an automatic alert touches (#24): the one its station stands in; a station just outside every
 * boundary (a gauge on the border river) belongs to the commune with the nearest boundary corner.
 */
export function communesAtPoint(communes: readonly Commune[], lon: number, lat: number): string[] {
  const inside = communes.filter((c) => pointInGeometry(lon, lat, c.geometry));
  if (inside.length) return inside.map((c) => c.gsoCode);
  let best: { code: string; d: number } | null = null;
  for (const c of communes) {
    const polygons = (
      c.geometry.type === 'Polygon' ? [c.geometry.coordinates] : c.geometry.coordinates
    ) as number[][][][];
    for (const ring of polygons.flat())
      for (const [x, y] of ring) {
        const d = (x! - lon) ** 2 + (y! - lat) ** 2;
        if (!best || d < best.d) best = { code: c.gsoCode, d };
      }
  }
  return best ? [best.code] : [];
}
