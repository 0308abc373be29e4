import type { ConsentSource, Language, SubscriptionChannel, WarningKind } from '@flood/domain';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * A resident's subscription to warnings (#24): where (communes, GSO codes), what (warning kinds), in which
 * language, with the consent's time and source. Personal data is only in its channels, deleted with it.
 */
export const subscribers = pgTable('subscribers', {
  id: serial('id').primaryKey(),
  communes: text('communes').array().notNull(),
  kinds: text('kinds').array().$type<WarningKind[]>().notNull(),
  language: varchar('language', { length: 2 }).$type<Language>().notNull().default('vi'),
  consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
  consentSource: varchar('consent_source', { length: 16 }).$type<ConsentSource>().notNull(),
  /** Part of the signed manage link: a new value voids every link sent before. */
  linkNonce: varchar('link_nonce', { length: 16 }).notNull(),
  /** The portal's address the person signed up at, for their links when PUBLIC_URL is not set. */
  linkBase: varchar('link_base', { length: 255 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One way of telling a subscriber: its address (a phone as 84xxxxxxxxx, an e-mail, a push endpoint with its keys)
 * and whether it is confirmed. A confirmed address belongs to one subscription at a time (the newest sign-up).
 */
export const subscriberChannels = pgTable(
  'subscriber_channels',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 8 }).$type<SubscriptionChannel>().notNull(),
    address: text('address').notNull(),
    pushKeys: jsonb('push_keys').$type<{ p256dh: string; auth: string }>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The pending confirmation (a code by SMS, or the e-mail link's token), hashed. */
    codeHash: varchar('code_hash', { length: 64 }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriber_channels_subscriber_channel_key').on(t.subscriberId, t.channel),
    uniqueIndex('subscriber_channels_confirmed_address_key')
      .on(t.channel, t.address)
      .where(sql`${t.confirmedAt} is not null`),
    index('subscriber_channels_code_idx').on(t.codeHash),
  ],
);
export type SubscriberRow = typeof subscribers.$inferSelect;
export type SubscriberChannelRow = typeof subscriberChannels.$inferSelect;

/**
 * Secrets the portal makes for itself at first start and every process shares (the manage links' signing key,
 * the VAPID key pair, Zalo's rotating tokens), unless the environment gives them.
 */
export const portalSecrets = pgTable('portal_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
