import {
  maskAddress,
  OUT_OF_SCOPE,
  SMS_TEMPLATE_TYPE_LABELS,
  type SmsHistory,
  type SmsRecipient,
  type SmsRecipientBodySchema,
  type SmsTemplate,
  type SmsTemplateType,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission, requireUnits } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { auditOf, recordAudit } from '../audit/audit.service';
import {
  deleteSmsRecipient,
  findSmsRecipient,
  listSmsTemplates,
  messageInScope,
  pageSmsHistory,
  pageSmsRecipients,
  requeueMessage,
  type SmsHistoryRow,
  type SmsRecipientRow,
  type SmsTemplateRow,
  saveSmsRecipient,
  updateSmsTemplate,
} from './alerts.repository';

type RecipientBody = z.output<typeof SmsRecipientBodySchema>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toTemplate = (r: SmsTemplateRow): SmsTemplate => ({
  id: r.id,
  template: r.template,
  type: r.type as SmsTemplateType,
  createdAt: r.createdAt.toISOString(),
});
const toRecipient = (r: SmsRecipientRow): SmsRecipient => ({
  id: r.id,
  name: r.name,
  description: r.description,
  email: r.email,
  phone: r.phone,
  onDuty: r.onDuty,
  communes: r.communes,
  createdAt: r.createdAt.toISOString(),
});
/** A manage link's signed token in a message (the short '/h/…' or the page's '#t=…'): staff never read it. */
const MANAGE_TOKEN = /(\/h\/|#t=)[0-9a-z]{1,10}\.[A-Za-z0-9_-]{10}/g;

/**
 * A message of the send history as staff read it. A subscriber's address (#24) is masked unless the reader is
 * the system account; the subscription's signed link in its text is always hidden, so that nobody but the
 * subscriber can change or end it.
 */
export const toHistory = (r: SmsHistoryRow, reveal = false): SmsHistory => ({
  id: r.id,
  name: r.name,
  smsUserId: r.smsUserId,
  subscriberId: r.subscriberId,
  channel: r.channel,
  recipient:
    r.subscriberId !== null && (!reveal || r.channel === 'push') ? maskAddress(r.channel, r.recipient) : r.recipient,
  body: r.subscriberId !== null ? r.body.replace(MANAGE_TOKEN, '$1…') : r.body,
  purpose: r.purpose,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  alertId: r.alertId,
  warningId: r.warningId,
  createdAt: r.createdAt.toISOString(),
  sentAt: iso(r.sentAt),
  deliveredAt: iso(r.deliveredAt),
});

/** The SMS back office (administration view, permission `sms`): templates, recipients, history. */
export function createSmsAdminService({ db, wake }: { db: Db; wake?: () => void }) {
  const recipientNotFound = () => new AppError('NOT_FOUND', 'Không tìm thấy người nhận');
  return {
    async templates(actor: Actor | undefined): Promise<SmsTemplate[]> {
      requirePermission(actor, 'sms');
      return (await listSmsTemplates(db)).map(toTemplate);
    },

    async updateTemplate(actor: Actor | undefined, id: number, template: string): Promise<SmsTemplate> {
      const a = requirePermission(actor, 'sms');
      return db.transaction(async (tx) => {
        const row = await updateSmsTemplate(tx, id, template);
        if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy mẫu tin nhắn');
        const name = SMS_TEMPLATE_TYPE_LABELS[row.type as SmsTemplateType]?.vi ?? row.type;
        await recordAudit(tx, a, auditOf('Cập nhật mẫu tin nhắn', row.type, name));
        return toTemplate(row);
      });
    },

    /** The recipients; a commune officer (#26 point 3) sees those of its communes only. */
    async recipients(actor: Actor | undefined, q: { page: number; pageSize: number }) {
      const a = requirePermission(actor, 'sms');
      const { rows, total } = await pageSmsRecipients(db, q, a.units ?? []);
      return { items: rows.map(toRecipient), total };
    },

    async saveRecipient(actor: Actor | undefined, id: number | null, body: RecipientBody): Promise<SmsRecipient> {
      const a = requirePermission(actor, 'sms');
      // A commune officer changes only its communes' recipients, and keeps them within its communes (#26).
      requireUnits(a, body.communes ?? []);
      return db.transaction(async (tx) => {
        if (id !== null) {
          const current = await findSmsRecipient(tx, id);
          if (!current) throw recipientNotFound();
          requireUnits(a, current.communes);
        }
        const row = await saveSmsRecipient(tx, id, body);
        if (!row) throw recipientNotFound();
        await recordAudit(tx, a, `${id === null ? 'Thêm' : 'Cập nhật'} người nhận ${row.name}`);
        return toRecipient(row);
      });
    },

    async removeRecipient(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'sms');
      await db.transaction(async (tx) => {
        const current = await findSmsRecipient(tx, id);
        if (!current) throw recipientNotFound();
        requireUnits(a, current.communes);
        const row = await deleteSmsRecipient(tx, id);
        if (!row) throw recipientNotFound();
        await recordAudit(tx, a, `Xoá người nhận ${row.name}`);
      });
    },

    async history(actor: Actor | undefined, q: { page: number; pageSize: number }) {
      const a = requirePermission(actor, 'sms');
      const { rows, total } = await pageSmsHistory(db, q, a.units ?? []);
      return { items: rows.map((r) => toHistory(r, a.isSystem)), total };
    },

    /**
     * Staff decide to send again a message whose delivery is unknown (UNCERTAIN: the process died while a gateway
     * that cannot de-duplicate had it) or that failed (#22): it is queued again as PENDING, audited; the
     * dispatcher sends it with the same idempotency key. Anything else: 409.
     */
    async resend(actor: Actor | undefined, id: number): Promise<SmsHistory> {
      const a = requirePermission(actor, 'sms');
      // A commune officer (#26 point 3) resends only its communes' messages.
      if (!(await messageInScope(db, id, a.units ?? []))) throw new AppError('FORBIDDEN', OUT_OF_SCOPE);
      const row = await db.transaction(async (tx) => {
        const queued = await requeueMessage(tx, id);
        if (queued)
          await recordAudit(tx, a, `Gửi lại tin nhắn #${id} đến ${queued.name} (${toHistory(queued).recipient})`);
        return queued;
      });
      if (!row) {
        throw new AppError('CONFLICT', 'Chỉ gửi lại được tin không rõ đã gửi hay chưa, hoặc tin gửi thất bại', [
          { field: 'id', message: 'Chỉ gửi lại được tin không rõ đã gửi hay chưa, hoặc tin gửi thất bại' },
        ]);
      }
      wake?.();
      return toHistory(row, a.isSystem);
    },
  };
}
export type SmsAdminService = ReturnType<typeof createSmsAdminService>;
