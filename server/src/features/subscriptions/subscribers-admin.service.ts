import {
  type AreaSettings,
  areaTexts,
  DEFAULT_AREA,
  maskAddress,
  PHONE_CODE_LENGTH,
  PhoneSchema,
  phoneToInternational,
  type SubscriberCount,
  type SubscriberImportBody,
  SubscriberImportBodySchema,
  type SubscriberImportResult,
  scopeAllowsUnit,
  WARNING_KIND_LABELS,
  type WarningKind,
} from '@flood/domain';
import type { Db } from '../../db/client';
import type { Commune } from '../../db/seed/seed-files';
import { type Actor, requirePermission, requireUnit } from '../../lib/actor';
import { randomDigits } from '../../lib/crypto';
import { CSV_CONTENT_TYPE, toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { insertOutboxMessages } from '../alerts/alerts.repository';
import { recordAudit } from '../audit/audit.service';
import { SUBSCRIBER_NAME } from './subscriber-messages';
import { manageToken, newLinkNonce, phoneCodeHash, subscriptionLinks } from './subscription-links';
import {
  communeContacts,
  insertSubscriber,
  insertSubscriberChannels,
  phonesAlreadyKnown,
  subscriberCounts,
} from './subscriptions.repository';

/** How long the code of an imported number works (the person may read the SMS days later). */
export const INVITE_CODE_DAYS = 7;

export interface SubscribersAdminDeps {
  db: Db;
  communes: () => Promise<Commune[]>;
  linkKey: () => Promise<string>;
  publicUrl: string | undefined;
  wake: () => void;
  now: () => Date;
  /** The area's settings (#26): the texts that name the portal. Unset: the built-in default. */
  area?: () => Promise<AreaSettings>;
}

/** Only the system account reads subscribers' numbers (#24, point 5); others see counts. */
function requireSystem(actor: Actor | undefined): Actor {
  const a = requirePermission(actor, 'sms');
  if (!a.isSystem)
    throw new AppError('FORBIDDEN', 'Chỉ tài khoản hệ thống được xem hoặc nhập số điện thoại người đăng ký');
  return a;
}

/**
 * The staff side of subscriptions (#24): counts per commune and channel (holders of `sms`), and for the system
 * account a commune's list to export and a commune's own list of numbers to import — each imported number is
 * asked by SMS to confirm with a code before anything else is sent to it (consent, Decree 13/2023).
 */
export function createSubscribersAdminService(deps: SubscribersAdminDeps) {
  const { db } = deps;
  return {
    async counts(actor: Actor | undefined): Promise<SubscriberCount[]> {
      const a = requirePermission(actor, 'sms');
      const rows = await subscriberCounts(db);
      // A commune officer (#26 point 3) sees its communes' counts only.
      const mine = (await deps.communes()).filter((c) => scopeAllowsUnit(a.units, c.gsoCode));
      return mine.map((c) => {
        const of = rows.filter((r) => r.commune === c.gsoCode);
        const n = (channel: string) => of.find((r) => r.channel === channel)?.channels ?? 0;
        return {
          commune: c.gsoCode,
          name: c.fullName,
          push: n('push'),
          sms: n('sms'),
          email: n('email'),
          zalo: n('zalo'),
          people: of.find((r) => r.channel === null)?.people ?? 0,
        };
      });
    },

    /** A commune's confirmed contacts as CSV (UTF-8, Excel-ready), audited. */
    async exportCommune(
      actor: Actor | undefined,
      commune: string,
    ): Promise<{ contentType: string; body: string; name: string }> {
      const a = requireSystem(actor);
      const c = (await deps.communes()).find((x) => x.gsoCode === commune);
      if (!c) throw new AppError('NOT_FOUND', 'Không có xã này trong địa bàn');
      requireUnit(a, c.gsoCode);
      const rows = await communeContacts(db, commune);
      await recordAudit(db, a, `Xuất danh sách ${rows.length} liên hệ người đăng ký nhận cảnh báo của ${c.fullName}`);
      const channelName = { sms: 'SMS', zalo: 'Zalo', email: 'Thư điện tử', push: 'Thông báo' } as const;
      return {
        contentType: CSV_CONTENT_TYPE,
        name: `nguoi-dang-ky-${commune}.csv`,
        body: toCsv(
          ['Kênh', 'Số điện thoại / thư điện tử', 'Loại cảnh báo', 'Đồng ý lúc (UTC)', 'Nguồn'],
          rows.map((r) => [
            channelName[r.channel],
            r.channel === 'email' ? r.address : `0${r.address.slice(2)}`,
            r.kinds.map((k) => WARNING_KIND_LABELS[k as WarningKind]?.vi ?? k).join('; '),
            new Date(r.consentAt).toISOString(),
            r.consentSource === 'import' ? 'Danh sách của xã' : 'Tự đăng ký trên cổng',
          ]),
        ),
      };
    },

    /**
     * A commune's list of phone numbers: each new valid number becomes a subscription waiting for its owner, who
     * gets one SMS with a code and the link to confirm; numbers already subscribed are left alone; lines that are
     * not a mobile number are listed back. Audited with the counts, never the numbers.
     */
    async importPhones(actor: Actor | undefined, input: SubscriberImportBody): Promise<SubscriberImportResult> {
      const a = requireSystem(actor);
      const body = SubscriberImportBodySchema.parse(input);
      const publicUrl = deps.publicUrl;
      if (!publicUrl)
        throw new AppError(
          'CONFLICT',
          'Cần đặt địa chỉ công khai của cổng (PUBLIC_URL) để tin mời có liên kết xác nhận',
        );
      const commune = (await deps.communes()).find((c) => c.gsoCode === body.commune);
      if (!commune)
        throw new AppError('VALIDATION_FAILED', undefined, [
          { field: 'commune', message: 'Không có xã này trong địa bàn' },
        ]);
      requireUnit(a, commune.gsoCode);
      const invalid: SubscriberImportResult['invalid'] = [];
      const valid = new Set<string>();
      body.phones.forEach((raw, i) => {
        if (!raw.trim()) return;
        const parsed = PhoneSchema.safeParse(raw);
        if (parsed.success) valid.add(phoneToInternational(parsed.data));
        else invalid.push({ line: i + 1, value: maskAddress('sms', raw.replace(/\D/g, '')) });
      });
      const known = await phonesAlreadyKnown(db, [...valid]);
      const fresh = [...valid].filter((p) => !known.has(p));
      const key = await deps.linkKey();
      const t = deps.now();
      const place = commune.fullName;
      const texts = areaTexts(await (deps.area?.() ?? DEFAULT_AREA));
      await db.transaction(async (tx) => {
        for (const phone of fresh) {
          const code = randomDigits(PHONE_CODE_LENGTH);
          const s = await insertSubscriber(tx, {
            communes: [commune.gsoCode],
            kinds: body.kinds,
            language: 'vi',
            consentAt: t,
            consentSource: 'import',
            linkNonce: newLinkNonce(),
            linkBase: publicUrl,
          });
          const [channel] = await insertSubscriberChannels(tx, [
            {
              subscriberId: s.id,
              channel: 'sms',
              address: phone,
              codeHash: phoneCodeHash(s.id, code),
              codeSentAt: t,
              codeExpiresAt: new Date(t.getTime() + INVITE_CODE_DAYS * 86_400_000),
            },
          ]);
          const link = subscriptionLinks(publicUrl, manageToken(key, s)).short.replace(/^https?:\/\//, '');
          await insertOutboxMessages(tx, [
            {
              subscriberId: s.id,
              channelId: channel!.id,
              name: SUBSCRIBER_NAME,
              channel: 'sms',
              recipient: phone,
              purpose: 'invite',
              body: texts.inviteSms(place, code, link),
            },
          ]);
        }
        await recordAudit(
          tx,
          a,
          `Nhập danh sách số điện thoại của ${commune.fullName}: mời ${fresh.length}, đã có ${known.size}, sai ${invalid.length}`,
        );
      });
      if (fresh.length) deps.wake();
      return { invited: fresh.length, existing: known.size, invalid };
    },
  };
}
export type SubscribersAdminService = ReturnType<typeof createSubscribersAdminService>;
