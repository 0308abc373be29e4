import { maskAddress, type SubscriptionChannel, type WarningKind } from '@flood/domain';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { messageOutbox } from '../alerts/sms-admin.table';
import {
  portalSecrets,
  type SubscriberChannelRow,
  type SubscriberRow,
  subscriberChannels,
  subscribers,
} from './subscriptions.table';

/** A secret of the portal by name, if one is kept. */
export async function findPortalSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select().from(portalSecrets).where(eq(portalSecrets.name, name));
  return row?.value;
}

/** A secret of the portal by name, made (and kept) by `make` the first time any process asks for it. */
export async function portalSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(portalSecrets).values({ name, value: make() }).onConflictDoNothing();
  return (await findPortalSecret(db, name))!;
}

/** Replaces a secret that rotates (Zalo's single-use refresh token). */
export async function savePortalSecret(db: Db, name: string, value: string): Promise<void> {
  await db
    .insert(portalSecrets)
    .values({ name, value })
    .onConflictDoUpdate({ target: portalSecrets.name, set: { value, updatedAt: new Date() } });
}

export async function insertSubscriber(tx: Tx, row: typeof subscribers.$inferInsert): Promise<SubscriberRow> {
  const [created] = await tx.insert(subscribers).values(row).returning();
  return created!;
}

export async function insertSubscriberChannels(
  tx: Tx,
  rows: (typeof subscriberChannels.$inferInsert)[],
): Promise<SubscriberChannelRow[]> {
  return rows.length ? tx.insert(subscriberChannels).values(rows).returning() : [];
}

export async function findSubscriber(db: Db, id: number): Promise<SubscriberRow | undefined> {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id));
  return row;
}

export function channelsOf(db: Db, subscriberId: number): Promise<SubscriberChannelRow[]> {
  return db
    .select()
    .from(subscriberChannels)
    .where(eq(subscriberChannels.subscriberId, subscriberId))
    .orderBy(subscriberChannels.id);
}

export async function updateSubscriber(
  tx: Tx,
  id: number,
  set: Partial<typeof subscribers.$inferInsert>,
): Promise<SubscriberRow> {
  const [row] = await tx
    .update(subscribers)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscribers.id, id))
    .returning();
  return row!;
}

export async function updateChannels(
  tx: Tx,
  ids: number[],
  set: Partial<typeof subscriberChannels.$inferInsert>,
): Promise<void> {
  if (ids.length) await tx.update(subscriberChannels).set(set).where(inArray(subscriberChannels.id, ids));
}

/** The pending e-mail channel whose link token hashes to `codeHash`. */
export async function findEmailChannelByCode(db: Db, codeHash: string): Promise<SubscriberChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriberChannels)
    .where(
      and(
        eq(subscriberChannels.channel, 'email'),
        eq(subscriberChannels.codeHash, codeHash),
        isNull(subscriberChannels.confirmedAt),
      ),
    );
  return row;
}

/** When a code was last sent to this address (any subscription): the resend interval is kept per phone. */
export async function lastCodeSentTo(db: Db, channel: SubscriptionChannel, address: string): Promise<Date | null> {
  const [row] = rowsOf<{ at: Date | string | null }>(
    await db.execute(sql`
      select max(code_sent_at) as at from subscriber_channels where channel = ${channel} and address = ${address}`),
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * Masks the send history of channels that end (the history keeps '0912***678', never the number), and cancels
 * what they still had to send.
 */
async function forgetChannels(tx: Tx, channels: readonly Pick<SubscriberChannelRow, 'id' | 'channel' | 'address'>[]) {
  for (const c of channels) {
    await tx
      .update(messageOutbox)
      .set({
        recipient: maskAddress(c.channel, c.address),
        // The signed links in the texts die with the subscription; nobody needs to read them again.
        body: sql`regexp_replace(${messageOutbox.body}, '(/h/|#t=)[0-9a-z]{1,10}\\.[A-Za-z0-9_-]{10}', '\\1…', 'g')`,
      })
      .where(eq(messageOutbox.channelId, c.id));
    // The log gateway's own record of those messages (sms_outbox, by their idempotency key) too.
    if (c.channel === 'sms')
      await tx.execute(sql`
        update sms_outbox set phone = ${maskAddress('sms', c.address)}
        where message_id in (select 'sms-history-' || h.id from sms_history h where h.channel_id = ${c.id})`);
    await tx
      .update(messageOutbox)
      .set({ status: 'CANCELLED', lastError: 'Người nhận đã huỷ đăng ký' })
      .where(and(eq(messageOutbox.channelId, c.id), eq(messageOutbox.status, 'PENDING')));
  }
}

/** Ends channels: history masked, pending messages cancelled, the rows deleted, and a subscription left with none. */
export async function deleteChannels(
  tx: Tx,
  channels: readonly Pick<SubscriberChannelRow, 'id' | 'channel' | 'address' | 'subscriberId'>[],
): Promise<void> {
  if (!channels.length) return;
  await forgetChannels(tx, channels);
  await tx.delete(subscriberChannels).where(
    inArray(
      subscriberChannels.id,
      channels.map((c) => c.id),
    ),
  );
  const owners = [...new Set(channels.map((c) => c.subscriberId))];
  await tx.execute(sql`
    delete from subscribers s where s.id in (${sql.join(
      owners.map((o) => sql`${o}`),
      sql`, `,
    )}) and not exists (select 1 from subscriber_channels c where c.subscriber_id = s.id)`);
}

/** A channel a provider says no longer exists (a push subscription answered 410): ended like an unsubscribe. */
export async function endSubscriberChannel(db: Db, channelId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx.select().from(subscriberChannels).where(eq(subscriberChannels.id, channelId));
    await deleteChannels(tx, gone);
  });
}

/** Deletes a subscription with every personal datum: its channels (history masked first) and its choices. */
export async function deleteSubscriber(tx: Tx, id: number): Promise<void> {
  const channels = await tx.select().from(subscriberChannels).where(eq(subscriberChannels.subscriberId, id));
  await forgetChannels(tx, channels);
  await tx.delete(subscribers).where(eq(subscribers.id, id));
}

/** The confirmed channels with this address in other subscriptions: a newer sign-up of the same person replaces them. */
export function confirmedElsewhere(
  tx: Tx,
  subscriberId: number,
  pairs: readonly { channel: SubscriptionChannel; address: string }[],
): Promise<SubscriberChannelRow[]> {
  if (!pairs.length) return Promise.resolve([]);
  return tx
    .select()
    .from(subscriberChannels)
    .where(
      and(
        isNotNull(subscriberChannels.confirmedAt),
        ne(subscriberChannels.subscriberId, subscriberId),
        sql`(${subscriberChannels.channel}, ${subscriberChannels.address}) in (${sql.join(
          pairs.map((p) => sql`(${p.channel}, ${p.address})`),
          sql`, `,
        )})`,
      ),
    );
}

/** A subscriber's channel that messages go to (#24 routing). */
export interface SubscriberTarget {
  subscriberId: number;
  channelId: number;
  channel: SubscriptionChannel;
  address: string;
  linkNonce: string;
  linkBase: string;
}

/**
 * The confirmed channels of the subscriptions that cover one of `communes` and `kind`. A confirmed address
 * belongs to one subscription (unique index), so each address comes once however many communes match.
 */
export async function subscriberTargets(
  tx: Tx,
  communes: readonly string[],
  kind: WarningKind,
): Promise<SubscriberTarget[]> {
  if (!communes.length) return [];
  return rowsOf<SubscriberTarget>(
    await tx.execute(sql`
      select s.id as "subscriberId", c.id as "channelId", c.channel, c.address, s.link_nonce as "linkNonce",
        s.link_base as "linkBase"
      from subscribers s join subscriber_channels c on c.subscriber_id = s.id
      where c.confirmed_at is not null
        and s.communes && ${sql`array[${sql.join(
          communes.map((c) => sql`${c}`),
          sql`, `,
        )}]::text[]`}
        and ${kind} = any(s.kinds)
      order by c.id`),
  );
}

/**
 * The subscribers' channels an alert was told to (a message handed over, or maybe: UNCERTAIN), still confirmed: a
 * cancel goes to them alone (#22, #24).
 */
export async function toldSubscriberTargets(tx: Tx, alertId: number): Promise<SubscriberTarget[]> {
  return rowsOf<SubscriberTarget>(
    await tx.execute(sql`
      select distinct s.id as "subscriberId", c.id as "channelId", c.channel, c.address, s.link_nonce as "linkNonce",
        s.link_base as "linkBase"
      from sms_history h join subscriber_channels c on c.id = h.channel_id join subscribers s on s.id = c.subscriber_id
      where h.alert_id = ${alertId} and h.purpose <> 'cancel' and h.status in ('SUCCESS', 'DELIVERED', 'UNCERTAIN')
        and c.confirmed_at is not null
      order by c.id`),
  );
}

/** Confirmed subscribers per commune and channel (staff counts; a subscription of two communes counts in each). */
export async function subscriberCounts(
  db: Db,
): Promise<{ commune: string; channel: SubscriptionChannel; channels: number; people: number }[]> {
  return rowsOf<{ commune: string; channel: SubscriptionChannel; channels: number; people: number }>(
    await db.execute(sql`
      select u.commune, c.channel, count(*)::int as channels, count(distinct s.id)::int as people
      from subscribers s cross join lateral unnest(s.communes) as u(commune)
      join subscriber_channels c on c.subscriber_id = s.id and c.confirmed_at is not null
      group by grouping sets ((u.commune, c.channel), (u.commune))
      order by u.commune`),
  );
}

/** The confirmed phones and e-mails of one commune's subscribers, for the commune's own list (export). */
export async function communeContacts(
  db: Db,
  commune: string,
): Promise<
  { channel: SubscriptionChannel; address: string; kinds: string[]; consentAt: Date; consentSource: string }[]
> {
  return rowsOf<{
    channel: SubscriptionChannel;
    address: string;
    kinds: string[];
    consentAt: Date;
    consentSource: string;
  }>(
    await db.execute(sql`
      select c.channel, c.address, s.kinds, s.consent_at as "consentAt", s.consent_source as "consentSource"
      from subscribers s join subscriber_channels c on c.subscriber_id = s.id
      where c.confirmed_at is not null and c.channel in ('sms', 'zalo', 'email') and ${commune} = any(s.communes)
      order by c.channel, c.address`),
  );
}

/** Of these phones, those already subscribed by SMS (confirmed, or invited and waiting) in any subscription. */
export async function phonesAlreadyKnown(db: Db, phones: readonly string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const rows = await db
    .select({ address: subscriberChannels.address })
    .from(subscriberChannels)
    .where(and(eq(subscriberChannels.channel, 'sms'), inArray(subscriberChannels.address, [...phones])));
  return new Set(rows.map((r) => r.address));
}

/**
 * Subscriptions nobody confirmed: every channel still waiting after `days` (an e-mail link lives 48 h, an imported
 * number's code 7 days). Deleted with their addresses, as personal data kept for nothing. How many went.
 */
export async function purgeUnconfirmedSubscribers(db: Db, now: Date, days = 8): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  const gone = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from subscribers s where s.created_at < ${before}::timestamptz
        and not exists (select 1 from subscriber_channels c where c.subscriber_id = s.id and c.confirmed_at is not null)
      returning s.id`),
  );
  return gone.length;
}
