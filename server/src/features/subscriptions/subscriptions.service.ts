import {
  type AreaSettings,
  areaTexts,
  type ConsentSource,
  DEFAULT_AREA,
  maskAddress,
  PHONE_CHANNELS,
  PHONE_CODE_LENGTH,
  phoneToInternational,
  SUBSCRIPTION_PATHS,
  type SubscribeBody,
  SubscribeBodySchema,
  type SubscribeResult,
  type SubscriptionChannel,
  type SubscriptionChoiceBody,
  SubscriptionChoiceBodySchema,
  type SubscriptionView,
} from '@flood/domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { Commune } from '../../db/seed/seed-files';
import { randomDigits, randomToken, sha256 } from '../../lib/crypto';
import type { EmailGateway } from '../../lib/email-gateway';
import { AppError } from '../../lib/errors';
import type { SmsGateway } from '../../lib/sms-gateway';
import type { HumanCheck } from '../auth/human-check';
import { assertCodeResendAllowed, PHONE_CODE_MAX_ATTEMPTS, phoneCodeRefused } from '../auth/phone-code';
import { manageToken, newLinkNonce, phoneCodeHash, tokenMatches, tokenSubscriberId } from './subscription-links';
import {
  channelsOf,
  confirmedElsewhere,
  deleteChannels,
  deleteSubscriber,
  findEmailChannelByCode,
  findSubscriber,
  insertSubscriber,
  insertSubscriberChannels,
  lastCodeSentTo,
  updateChannels,
  updateSubscriber,
} from './subscriptions.repository';
import type { SubscriberChannelRow, SubscriberRow } from './subscriptions.table';

/** How long an e-mail confirmation link works. */
export const EMAIL_LINK_HOURS = 48;

export interface SubscriptionsServiceDeps {
  db: Db;
  config: Pick<Config, 'PHONE_CODE_TTL_MINUTES' | 'PHONE_CODE_RESEND_SECONDS' | 'PUBLIC_URL'>;
  sms: SmsGateway;
  email: EmailGateway;
  humanCheck: Pick<HumanCheck, 'verify'>;
  communes: () => Promise<Commune[]>;
  /** The key that signs manage links (shared by every process: portal_secrets). */
  linkKey: () => Promise<string>;
  /** Whether the portal has a Zalo Official Account connected (else Zalo cannot be chosen). */
  zalo: boolean;
  /** Whether a push endpoint is on a push service the portal will call (never any address: SSRF). */
  pushAllowed: (endpoint: URL) => boolean;
  now: () => Date;
  /** The area's settings (#26): the texts that name the portal. Unset: the built-in default. */
  area?: () => Promise<AreaSettings>;
}

const NOT_FOUND = 'Không tìm thấy đăng ký này (có thể đã huỷ); bạn có thể đăng ký lại';

/**
 * Residents' subscriptions to warnings (#24), all without signing in: sign up (choices, channels, the human
 * check), confirm a phone by a code sent by SMS (the account's phone-verification rules: 6 digits, its lifetime,
 * its resend interval, 5 wrong tries) and an e-mail by a link, change or end a subscription through its signed
 * link. Ending deletes every personal datum; the send history keeps the address masked.
 */
export function createSubscriptionsService(deps: SubscriptionsServiceDeps) {
  const { db, config, now } = deps;
  const texts = async () => areaTexts(await (deps.area?.() ?? DEFAULT_AREA));

  async function load(token: string): Promise<{ s: SubscriberRow; key: string }> {
    const id = tokenSubscriberId(token);
    const s = id === null ? undefined : await findSubscriber(db, id);
    const key = await deps.linkKey();
    if (!s || !tokenMatches(key, token, s)) throw new AppError('NOT_FOUND', NOT_FOUND);
    return { s, key };
  }

  async function view(s: SubscriberRow): Promise<SubscriptionView> {
    const channels = await channelsOf(db, s.id);
    return {
      communes: s.communes,
      kinds: s.kinds,
      language: s.language,
      channels: channels.map((c) => ({
        channel: c.channel,
        address: maskAddress(c.channel, c.address),
        confirmed: c.confirmedAt !== null,
      })),
      consentAt: s.consentAt.toISOString(),
      consentSource: s.consentSource,
    };
  }

  async function assertCommunes(codes: readonly string[]) {
    const known = new Set((await deps.communes()).map((c) => c.gsoCode));
    const unknown = codes.filter((c) => !known.has(c));
    if (unknown.length)
      throw new AppError('VALIDATION_FAILED', undefined, [
        { field: 'communes', message: `Xã không thuộc địa bàn: ${unknown.join(', ')}` },
      ]);
  }

  /** Refuses a new code while the resend interval of that phone runs (whichever subscription asked). */
  async function assertCanSendCode(phone: string) {
    assertCodeResendAllowed(await lastCodeSentTo(db, 'sms', phone), now(), config.PHONE_CODE_RESEND_SECONDS);
  }

  /**
   * A new code for the subscription's phone channels (SMS and Zalo share it), stored hashed in `tx`; the SMS that
   * carries it is returned, to be sent once the transaction has committed.
   */
  async function storePhoneCode(tx: Tx, s: SubscriberRow, channels: SubscriberChannelRow[]) {
    const code = randomDigits(PHONE_CODE_LENGTH);
    const t = now();
    await updateChannels(
      tx,
      channels.map((c) => c.id),
      {
        codeHash: phoneCodeHash(s.id, code),
        codeSentAt: t,
        codeExpiresAt: new Date(t.getTime() + config.PHONE_CODE_TTL_MINUTES * 60_000),
        codeAttempts: 0,
      },
    );
    // Unaccented: one GSM-7 segment.
    return {
      to: channels[0]!.address,
      purpose: 'PHONE_VERIFICATION' as const,
      body: (await texts()).subscriberPhoneCodeSms(code, config.PHONE_CODE_TTL_MINUTES),
    };
  }

  /** Confirms channels; the same address confirmed in an older subscription moves to this one (newest choice wins). */
  async function confirm(tx: Tx, s: SubscriberRow, channels: SubscriberChannelRow[]) {
    const older = await confirmedElsewhere(tx, s.id, channels);
    await deleteChannels(tx, older);
    await updateChannels(
      tx,
      channels.map((c) => c.id),
      { confirmedAt: now(), codeHash: null, codeExpiresAt: null, codeAttempts: 0 },
    );
  }

  const linkBase = (origin: string) => config.PUBLIC_URL ?? origin;

  return {
    /**
     * A new subscription: push is confirmed at once (the browser's permission is the consent), a phone waits for
     * its code, an e-mail for its link. Nothing is sent to a channel before it is confirmed.
     */
    async subscribe(input: SubscribeBody, origin: string, source: ConsentSource = 'web'): Promise<SubscribeResult> {
      const body = SubscribeBodySchema.parse(input);
      if (body.channels.includes('zalo') && !deps.zalo)
        throw new AppError('VALIDATION_FAILED', undefined, [
          { field: 'channels', message: 'Cổng chưa kết nối Zalo; vui lòng chọn cách nhận khác' },
        ]);
      if (body.channels.includes('push') && body.push && !deps.pushAllowed(new URL(body.push.endpoint)))
        throw new AppError('VALIDATION_FAILED', undefined, [
          {
            field: 'push',
            message: 'Trình duyệt này dùng dịch vụ thông báo mà cổng không hỗ trợ; vui lòng chọn cách nhận khác',
          },
        ]);
      if (!(await deps.humanCheck.verify(body.altcha))) throw new AppError('HUMAN_CHECK_FAILED');
      await assertCommunes(body.communes);
      const phone = body.phone ? phoneToInternational(body.phone) : null;
      const phoneChannels = body.channels.filter((c) => PHONE_CHANNELS.includes(c));
      if (phone && phoneChannels.length) await assertCanSendCode(phone);
      const emailToken = randomToken(24);
      const t = now();
      const { s, channels, codeSms } = await db.transaction(async (tx) => {
        const s = await insertSubscriber(tx, {
          communes: body.communes,
          kinds: body.kinds,
          language: body.language,
          consentAt: t,
          consentSource: source,
          linkNonce: newLinkNonce(),
          linkBase: linkBase(origin),
        });
        const channels = await insertSubscriberChannels(
          tx,
          body.channels.map((channel) => {
            if (channel === 'push')
              return { subscriberId: s.id, channel, address: body.push!.endpoint, pushKeys: body.push!.keys };
            if (channel === 'email')
              return {
                subscriberId: s.id,
                channel,
                address: body.email!,
                codeHash: sha256(emailToken),
                codeSentAt: t,
                codeExpiresAt: new Date(t.getTime() + EMAIL_LINK_HOURS * 3_600_000),
              };
            return { subscriberId: s.id, channel, address: phone! };
          }),
        );
        const push = channels.filter((c) => c.channel === 'push');
        if (push.length) await confirm(tx, s, push);
        const phones = channels.filter((c) => PHONE_CHANNELS.includes(c.channel));
        return { s, channels, codeSms: phones.length ? await storePhoneCode(tx, s, phones) : null };
      });
      // A code or link that could not leave: nothing is kept, the person tries again (the form keeps what they typed).
      const notSent = async () => {
        await db.transaction((tx) => deleteSubscriber(tx, s.id));
        return new AppError('UNAVAILABLE', 'Chưa gửi được mã xác nhận. Vui lòng thử lại sau ít phút.');
      };
      if (codeSms) await deps.sms.send(codeSms).catch(async () => Promise.reject(await notSent()));
      const token = manageToken(await deps.linkKey(), s);
      const email = channels.find((c) => c.channel === 'email');
      if (email) {
        const base = linkBase(origin).replace(/\/+$/, '');
        const letter = (await texts()).confirmEmail(
          `${base}${SUBSCRIPTION_PATHS.confirmEmail}#t=${emailToken}`,
          EMAIL_LINK_HOURS,
        );
        await deps.email.send({ to: email.address, ...letter }).catch(async () => Promise.reject(await notSent()));
      }
      return {
        token,
        phonePending: channels.some((c) => PHONE_CHANNELS.includes(c.channel)),
        emailPending: email !== undefined,
        subscription: await view(s),
      };
    },

    async get(token: string): Promise<SubscriptionView> {
      return view((await load(token)).s);
    },

    async updateChoice(token: string, input: SubscriptionChoiceBody): Promise<SubscriptionView> {
      const body = SubscriptionChoiceBodySchema.parse(input);
      const { s } = await load(token);
      await assertCommunes(body.communes);
      const row = await db.transaction((tx) =>
        updateSubscriber(tx, s.id, { communes: body.communes, kinds: body.kinds, language: body.language }),
      );
      return view(row);
    },

    /** Sends a new code to the subscription's unconfirmed phone. */
    async requestPhoneCode(token: string): Promise<void> {
      const { s } = await load(token);
      const phones = (await channelsOf(db, s.id)).filter(
        (c) => PHONE_CHANNELS.includes(c.channel) && c.confirmedAt === null,
      );
      if (!phones.length)
        throw new AppError('CONFLICT', 'Không có số điện thoại nào đang chờ xác nhận trong đăng ký này');
      await assertCanSendCode(phones[0]!.address);
      await deps.sms.send(await db.transaction((tx) => storePhoneCode(tx, s, phones)));
    },

    /** Confirms the phone (its SMS and Zalo channels) with the latest code. */
    async confirmPhone(token: string, code: string): Promise<SubscriptionView> {
      const { s } = await load(token);
      const phones = (await channelsOf(db, s.id)).filter(
        (c) => PHONE_CHANNELS.includes(c.channel) && c.confirmedAt === null,
      );
      const first = phones[0];
      if (!first?.codeHash || !first.codeExpiresAt || first.codeExpiresAt <= now()) throw phoneCodeRefused();
      if (first.codeAttempts >= PHONE_CODE_MAX_ATTEMPTS) throw phoneCodeRefused(true);
      if (first.codeHash !== phoneCodeHash(s.id, code)) {
        await db.transaction((tx) =>
          updateChannels(
            tx,
            phones.map((c) => c.id),
            { codeAttempts: first.codeAttempts + 1 },
          ),
        );
        throw phoneCodeRefused();
      }
      await db.transaction(async (tx) => {
        await confirm(tx, s, phones);
        // A list imported by staff is consented to here, by the person, on first use.
        if (s.consentSource === 'import') await updateSubscriber(tx, s.id, { consentAt: now() });
      });
      return view((await findSubscriber(db, s.id))!);
    },

    /** The e-mail link: confirms that address; answers with the manage token (the page keeps it). */
    async confirmEmail(emailToken: string): Promise<{ token: string; subscription: SubscriptionView }> {
      const c = await findEmailChannelByCode(db, sha256(emailToken));
      if (!c?.codeExpiresAt || c.codeExpiresAt <= now())
        throw new AppError('INVALID_CODE', 'Liên kết không đúng hoặc đã hết hạn', [
          { field: 'token', message: 'Liên kết không đúng hoặc đã hết hạn' },
        ]);
      const s = (await findSubscriber(db, c.subscriberId))!;
      await db.transaction((tx) => confirm(tx, s, [c]));
      return { token: manageToken(await deps.linkKey(), s), subscription: await view(s) };
    },

    /** Ends one channel; the last one ends the subscription (null). */
    async removeChannel(token: string, channel: SubscriptionChannel): Promise<SubscriptionView | null> {
      const { s } = await load(token);
      const channels = await channelsOf(db, s.id);
      const gone = channels.filter((c) => c.channel === channel);
      if (!gone.length) throw new AppError('NOT_FOUND', 'Đăng ký này không có cách nhận đó');
      await db.transaction((tx) => deleteChannels(tx, gone));
      const left = await findSubscriber(db, s.id);
      return left ? view(left) : null;
    },

    /** Ends the subscription: every personal datum deleted, unsent messages cancelled, the history masked. */
    async unsubscribe(token: string): Promise<void> {
      const { s } = await load(token);
      await db.transaction((tx) => deleteSubscriber(tx, s.id));
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
