import {
  type CommuneItem,
  formatDateTimeVi,
  OUT_OF_SCOPE,
  type PublicWarning,
  pageOfList,
  scopeCoversUnits,
  WARNING_KIND_LABELS,
  type Warning,
  type WarningDetail,
  type WarningEventType,
  type WarningInput,
  type WarningListQuerySchema,
  type WarningPage,
  warningCancelSms,
  warningSms,
  warningStatus,
  warningUpdateSms,
} from '@flood/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { Commune } from '../../db/seed/seed-files';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { insertOutboxMessages, outboxRowsFor } from '../alerts/alerts.repository';
import { recordAudit } from '../audit/audit.service';
import type { ChannelTexts, SubscriberRouting } from '../subscriptions/subscriber-messages';
import { type AreaPart, toCommuneItem, type WarningArea, warningArea } from './warning-area';
import type { WarningSnapshot } from './warning-cap.xml';
import {
  activeBannerWarnings,
  attachmentName,
  cancelPendingWarningMessages,
  deleteWarning,
  fileExists,
  findWarning,
  insertWarning,
  insertWarningCap,
  insertWarningEvent,
  lockWarning,
  pageWarnings,
  recipientsFor,
  updateWarning,
  warningCapMessages,
  warningEventsOf,
  warningMessageCounts,
} from './warnings.repository';
import type { WarningRow } from './warnings.table';

export interface WarningsServiceDeps {
  db: Db;
  bus: EventBus;
  now: () => Date;
  timeZone: string;
  communes: () => Promise<Commune[]>;
  /** The portal's public address, for the links in SMS and e-mail (none: the messages carry no link). */
  publicUrl?: string;
  /** Wakes the message dispatcher once messages are committed. */
  wake: () => void;
  /** Residents' subscriptions (#24): a warning also goes to the subscribers of its communes and kind. */
  subscribers?: SubscriberRouting;
}

/** How long a Cancel message stays in aggregators' lists. */
const CANCEL_CAP_LIFETIME_MS = 3_600_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a warning says, as the public, its page and its CAP messages read it. */
const contentOf = (row: WarningRow) => ({
  id: row.id,
  kind: row.kind,
  severityScale: row.severityScale,
  severity: row.severity,
  source: row.source,
  headlineVi: row.headlineVi,
  descriptionVi: row.descriptionVi,
  instructionVi: row.instructionVi,
  headlineEn: row.headlineEn,
  descriptionEn: row.descriptionEn,
  instructionEn: row.instructionEn,
  effectiveAt: row.effectiveAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** Officers' warnings (#23): compose, approve (a second officer) or publish as urgent, update, cancel. */
export function createWarningsService(deps: WarningsServiceDeps) {
  const { db, bus, now } = deps;

  async function areaOf(row: Pick<WarningRow, 'communes' | 'polygon'>): Promise<WarningArea> {
    return warningArea({ communes: row.communes, polygon: row.polygon ?? null }, await deps.communes());
  }

  function toPublic(row: WarningRow, area: WarningArea, at: Date): PublicWarning {
    return {
      ...contentOf(row),
      status: warningStatus(row, at),
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      cancelledAt: iso(row.cancelledAt),
      cancelReason: row.cancelReason,
      attachmentUrl: row.attachmentId ? `/api/files/${row.attachmentId}` : null,
      area: { geometry: area.geometry as PublicWarning['area']['geometry'], names: area.names },
    };
  }

  async function toWarning(row: WarningRow): Promise<Warning> {
    return {
      ...toPublic(row, await areaOf(row), now()),
      communes: row.communes,
      polygon: row.polygon ?? null,
      channels: row.channels,
      attachmentId: row.attachmentId,
      attachmentName: await attachmentName(db, row.attachmentId),
      createdBy: row.createdByName,
      createdById: row.createdBy,
      lastEditedById: row.lastEditedBy,
      approvedBy: row.approvedByName,
      publishedAt: iso(row.publishedAt),
      urgentReason: row.urgentReason,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Checks what the schema cannot: the communes exist, the drawn area lies in the district, the attachment. */
  async function checkInput(w: WarningInput, a: Actor): Promise<void> {
    const all = await deps.communes();
    const unknown = w.communes.filter((c) => !all.some((x) => x.gsoCode === c));
    if (unknown.length)
      throw new AppError('VALIDATION_FAILED', `Không có xã mã ${unknown.join(', ')}`, [
        { field: 'communes', message: `Không có xã mã ${unknown.join(', ')}` },
      ]);
    if (w.polygon && warningArea({ communes: [], polygon: w.polygon }, all).codes.length === 0)
      throw new AppError('VALIDATION_FAILED', 'Vùng vẽ nằm ngoài địa bàn', [
        { field: 'polygon', message: 'Vùng vẽ nằm ngoài địa bàn' },
      ]);
    if (w.attachmentId) {
      const file = await fileExists(db, w.attachmentId);
      const message = !file
        ? 'Không tìm thấy tệp đính kèm'
        : file.mime !== 'application/pdf'
          ? 'Bản tin đính kèm phải là tệp PDF'
          : null;
      if (message) throw new AppError('VALIDATION_FAILED', message, [{ field: 'attachmentId', message }]);
    }
    // A commune officer (#26 point 3) warns its own communes only.
    if (!(await inScope(a, { communes: w.communes, polygon: w.polygon ?? null }))) {
      throw new AppError('FORBIDDEN', OUT_OF_SCOPE, [{ field: 'communes', message: OUT_OF_SCOPE }]);
    }
  }

  const values = (w: WarningInput) => ({
    kind: w.kind,
    communes: w.polygon ? [] : [...new Set(w.communes)],
    polygon: w.polygon ? (w.polygon.map((p) => [p[0], p[1]]) as [number, number][]) : null,
    severityScale: w.severityScale,
    severity: w.severity,
    source: w.source,
    headlineVi: w.headlineVi,
    descriptionVi: w.descriptionVi,
    instructionVi: w.instructionVi,
    headlineEn: w.headlineEn,
    descriptionEn: w.descriptionEn,
    instructionEn: w.instructionEn,
    effectiveAt: new Date(w.effectiveAt),
    expiresAt: new Date(w.expiresAt),
    channels: [...new Set(w.channels)],
    attachmentId: w.attachmentId,
  });

  async function step(tx: Tx, actor: Actor, row: WarningRow, type: WarningEventType, detail: string | null) {
    await insertWarningEvent(tx, { warningId: row.id, type, detail, userName: actor.name, at: now() });
    const labels: Record<WarningEventType, string> = {
      created: 'Soạn cảnh báo',
      edited: 'Sửa bản nháp cảnh báo',
      approved: 'Duyệt và phát cảnh báo',
      urgent: 'Phát khẩn cảnh báo (không chờ duyệt)',
      updated: 'Cập nhật cảnh báo',
      cancelled: 'Huỷ cảnh báo',
    };
    await recordAudit(tx, actor, `${labels[type]} #${row.id} (${row.headlineVi})${detail ? `: ${detail}` : ''}`);
  }

  /** A commune officer (#26 point 3) reaches only warnings all of whose communes are its own. */
  async function inScope(a: Actor, row: Pick<WarningRow, 'communes' | 'polygon'>): Promise<boolean> {
    return !a.units?.length || scopeCoversUnits(a.units, (await areaOf(row)).codes);
  }

  async function find(id: number, a: Actor): Promise<WarningRow> {
    const row = await findWarning(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy cảnh báo');
    if (!(await inScope(a, row))) throw new AppError('FORBIDDEN', OUT_OF_SCOPE);
    return row;
  }

  async function locked(tx: Tx, id: number, a: Actor): Promise<WarningRow> {
    const row = await lockWarning(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 'Không tìm thấy cảnh báo');
    if (!(await inScope(a, row))) throw new AppError('FORBIDDEN', OUT_OF_SCOPE);
    return row;
  }

  const snapshot = (row: WarningRow, part: AreaPart, note: string | null, mime: string | null): WarningSnapshot => ({
    ...contentOf(row),
    version: row.version,
    note,
    attachment:
      row.attachmentId && mime ? { path: `/api/files/${row.attachmentId}`, mime, name: 'bulletin.pdf' } : null,
    part,
  });

  /**
   * The CAP messages of a step: each part of the area gets an Alert (new part), an Update (a part it had) or a
   * Cancel (the whole warning cancelled); the parts an update left get a Cancel.
   */
  async function writeCap(
    tx: Tx,
    row: WarningRow,
    area: WarningArea,
    kind: 'publish' | 'update' | 'cancel',
    note: string | null,
    before: WarningRow | null,
  ) {
    if (!row.channels.includes('cap') && !(before?.channels.includes('cap') ?? false)) return;
    const sentAt = now();
    const earlier = await warningCapMessages(tx, row.id);
    // The parts whose last message is not a Cancel: they have an Alert or Update standing.
    const lastOpen = new Set(
      earlier
        .filter(
          (m) => m.areaKey && !earlier.some((c) => c.id > m.id && c.areaKey === m.areaKey && c.msgType === 'Cancel'),
        )
        .map((m) => m.areaKey!),
    );
    const mime = row.attachmentId ? ((await fileExists(tx, row.attachmentId))?.mime ?? null) : null;
    const message = (msgType: 'Alert' | 'Update' | 'Cancel', from: WarningRow, part: AreaPart) => ({
      warningId: row.id,
      msgType,
      areaKey: part.key,
      level: from.severity,
      sentAt,
      expiresAt: msgType === 'Cancel' ? new Date(sentAt.getTime() + CANCEL_CAP_LIFETIME_MS) : from.expiresAt,
      snapshot: { ...snapshot(from, part, note, mime) },
    });
    const old = before ?? row;
    const oldParts = before ? (await areaOf(before)).parts : area.parts;
    const rows =
      kind === 'cancel' || !row.channels.includes('cap')
        ? // Cancelled, or taken off the CAP channel: a Cancel for each part still standing.
          oldParts.filter((p) => lastOpen.has(p.key)).map((p) => message('Cancel', old, p))
        : [
            ...area.parts.map((p) => message(lastOpen.has(p.key) ? 'Update' : 'Alert', row, p)),
            // The parts an update left.
            ...(before
              ? oldParts
                  .filter((p) => lastOpen.has(p.key) && !area.parts.some((q) => q.key === p.key))
                  .map((p) => message('Cancel', before, p))
              : []),
          ];
    await insertWarningCap(tx, rows);
  }

  /** The SMS and e-mail of a step to the recipients of the area's communes. Returns how many were queued. */
  async function queueMessages(
    tx: Tx,
    row: WarningRow,
    area: WarningArea,
    purpose: 'alert' | 'update' | 'cancel',
    reason: string | null,
  ): Promise<number> {
    const sms = row.channels.includes('sms');
    const email = row.channels.includes('email');
    if (!sms && !email) return 0;
    const url = deps.publicUrl ? `${deps.publicUrl.replace(/\/+$/, '')}/canh-bao/${row.id}` : '';
    const input = {
      kind: row.kind,
      severityScale: row.severityScale,
      severity: row.severity,
      headline: row.headlineVi,
      areaNames: area.names,
      expiresAt: row.expiresAt,
      url,
      timeZone: deps.timeZone,
    };
    const smsOf = (limit?: number) =>
      purpose === 'cancel'
        ? warningCancelSms({ ...input, reason: reason ?? '', limit })
        : purpose === 'update'
          ? warningUpdateSms({ ...input, limit })
          : warningSms({ ...input, limit });
    const emailText =
      purpose === 'cancel'
        ? `HUỶ CẢNH BÁO: ${row.headlineVi}\nKhu vực: ${area.names.join(', ')}\nLý do: ${reason ?? ''}\n${url}`
        : `${purpose === 'update' ? 'CẬP NHẬT ' : ''}${row.headlineVi}\nKhu vực: ${area.names.join(', ')}\n\n${row.descriptionVi}\n\n${row.instructionVi}\n${url}`;
    const recipients = await recipientsFor(tx, area.codes);
    const rows = outboxRowsFor(
      recipients,
      { sms: sms ? smsOf() : null, email: email ? emailText : null },
      { warningId: row.id, purpose },
    );
    if (deps.subscribers) {
      // Subscribers (#24) are told on every channel they chose when the warning is sent as messages at all.
      const title = `${purpose === 'cancel' ? 'HUỶ ' : purpose === 'update' ? 'CẬP NHẬT ' : ''}CẢNH BÁO ${WARNING_KIND_LABELS[row.kind].vi.toUpperCase()}`;
      const page = `/canh-bao/${row.id}`;
      const content = purpose === 'cancel' ? `${row.headlineVi}. Lý do huỷ: ${reason ?? ''}` : row.headlineVi;
      const texts: ChannelTexts = {
        sms: smsOf,
        email: emailText,
        push: { title, body: `${area.names.join(', ')}: ${content}`, url: page, tag: `warning-${row.id}` },
        zalo: {
          title,
          area: area.names.join(', ') || 'Vùng khoanh trên bản đồ',
          content,
          time: formatDateTimeVi(row.expiresAt, deps.timeZone),
          link: url || page,
        },
      };
      rows.push(
        ...(await deps.subscribers.outboxRows(
          tx,
          { communes: area.codes, kind: row.kind },
          texts,
          { warningId: row.id, purpose },
          recipients,
        )),
      );
    }
    await insertOutboxMessages(tx, rows);
    return rows.length;
  }

  function announce(id: number, action: 'published' | 'updated' | 'cancelled', queued: number) {
    bus.publish('warning', { id, action });
    if (queued > 0) deps.wake();
  }

  /** Publishes a draft (approved, or urgent): CAP Alert, messages, the banner. */
  async function publish(actor: Actor, id: number, type: 'approved' | 'urgent', reason: string | null) {
    let queued = 0;
    const row = await db.transaction(async (tx) => {
      const w = await locked(tx, id, actor);
      if (w.publishedAt || w.cancelledAt) throw new AppError('CONFLICT', 'Cảnh báo này đã được phát hoặc đã huỷ');
      if (w.expiresAt.getTime() <= now().getTime())
        throw new AppError('VALIDATION_FAILED', 'Thời điểm hết hiệu lực đã qua; sửa bản nháp trước khi phát', [
          { field: 'expiresAt', message: 'Thời điểm hết hiệu lực đã qua' },
        ]);
      if (type === 'approved' && (w.createdBy === actor.userId || w.lastEditedBy === actor.userId))
        throw new AppError('FORBIDDEN', 'Người soạn hoặc người sửa bản nháp không thể tự duyệt');
      const published = await updateWarning(tx, id, {
        publishedAt: now(),
        approvedBy: type === 'approved' ? actor.userId : null,
        approvedByName: type === 'approved' ? actor.name : null,
        urgentReason: type === 'urgent' ? reason : null,
      });
      const area = await areaOf(published);
      await writeCap(tx, published, area, 'publish', null, null);
      queued = await queueMessages(tx, published, area, 'alert', null);
      await step(tx, actor, published, type, type === 'urgent' ? `Lý do: ${reason}` : null);
      return published;
    });
    announce(id, 'published', queued);
    return toWarning(row);
  }

  return {
    async communes(): Promise<CommuneItem[]> {
      return (await deps.communes()).map(toCommuneItem);
    },

    async list(actor: Actor | undefined, q: z.output<typeof WarningListQuerySchema>): Promise<WarningPage> {
      const a = requirePermission(actor, 'warning');
      if (!a.units?.length) {
        const page = await pageWarnings(db, q.status, q.page, q.pageSize, now());
        return { items: await Promise.all(page.items.map(toWarning)), total: page.total };
      }
      // A commune officer's (#26): the warnings of its communes, the page cut from them.
      const all = await pageWarnings(db, q.status, 1, 1_000_000, now());
      const mine: WarningRow[] = [];
      for (const row of all.items) if (await inScope(a, row)) mine.push(row);
      const page = pageOfList(mine, q);
      return { items: await Promise.all(page.items.map(toWarning)), total: page.total };
    },

    async detail(actor: Actor | undefined, id: number): Promise<WarningDetail> {
      const a = requirePermission(actor, 'warning');
      const row = await find(id, a);
      const [events, caps, messages] = await Promise.all([
        warningEventsOf(db, id),
        warningCapMessages(db, id),
        warningMessageCounts(db, id),
      ]);
      return {
        ...(await toWarning(row)),
        events: events.map((e) => ({
          id: e.id,
          type: e.type,
          detail: e.detail,
          userName: e.userName,
          at: e.at.toISOString(),
        })),
        capMessages: caps.map((m) => ({
          id: m.id,
          msgType: m.msgType,
          sentAt: m.sentAt.toISOString(),
          url: `/api/cap/${m.id}.xml`,
        })),
        messages,
      };
    },

    async create(actor: Actor | undefined, body: WarningInput): Promise<Warning> {
      const a = requirePermission(actor, 'warning');
      await checkInput(body, a);
      const row = await db.transaction(async (tx) => {
        const w = await insertWarning(tx, {
          ...values(body),
          createdBy: a.userId,
          createdByName: a.name,
          lastEditedBy: a.userId,
        });
        await step(tx, a, w, 'created', null);
        return w;
      });
      return toWarning(row);
    },

    async editDraft(actor: Actor | undefined, id: number, body: WarningInput): Promise<Warning> {
      const a = requirePermission(actor, 'warning');
      await checkInput(body, a);
      const row = await db.transaction(async (tx) => {
        const w = await locked(tx, id, a);
        if (w.publishedAt || w.cancelledAt)
          throw new AppError('CONFLICT', 'Cảnh báo đã phát: dùng “Cập nhật” để thay đổi');
        const edited = await updateWarning(tx, id, { ...values(body), lastEditedBy: a.userId });
        await step(tx, a, edited, 'edited', null);
        return edited;
      });
      return toWarning(row);
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, 'warning');
      await db.transaction(async (tx) => {
        const w = await locked(tx, id, a);
        if (w.publishedAt || w.cancelledAt)
          throw new AppError('CONFLICT', 'Chỉ xoá được bản nháp; cảnh báo đã phát thì huỷ');
        await recordAudit(tx, a, `Xoá bản nháp cảnh báo #${w.id} (${w.headlineVi})`);
        await deleteWarning(tx, id);
      });
    },

    approve: (actor: Actor | undefined, id: number) =>
      publish(requirePermission(actor, 'warning'), id, 'approved', null),

    publishUrgent: (actor: Actor | undefined, id: number, reason: string) =>
      publish(requirePermission(actor, 'warning'), id, 'urgent', reason),

    async update(actor: Actor | undefined, id: number, body: WarningInput, note: string): Promise<Warning> {
      const a = requirePermission(actor, 'warning');
      await checkInput(body, a);
      let queued = 0;
      const row = await db.transaction(async (tx) => {
        const before = await locked(tx, id, a);
        if (!before.publishedAt) throw new AppError('CONFLICT', 'Bản nháp chưa phát: sửa rồi gửi duyệt');
        if (before.cancelledAt) throw new AppError('CONFLICT', 'Cảnh báo đã huỷ');
        if (before.expiresAt.getTime() <= now().getTime())
          throw new AppError('CONFLICT', 'Cảnh báo đã hết hiệu lực; soạn cảnh báo mới');
        const next = values(body);
        if (next.expiresAt.getTime() <= now().getTime())
          throw new AppError('VALIDATION_FAILED', 'Thời điểm hết hiệu lực đã qua', [
            { field: 'expiresAt', message: 'Thời điểm hết hiệu lực đã qua' },
          ]);
        const updated = await updateWarning(tx, id, { ...next, version: before.version + 1, lastEditedBy: a.userId });
        const area = await areaOf(updated);
        await writeCap(tx, updated, area, 'update', note, before);
        queued = await queueMessages(tx, updated, area, 'update', null);
        await step(tx, a, updated, 'updated', note);
        return updated;
      });
      announce(id, 'updated', queued);
      return toWarning(row);
    },

    async cancel(actor: Actor | undefined, id: number, reason: string): Promise<Warning> {
      const a = requirePermission(actor, 'warning');
      let queued = 0;
      const row = await db.transaction(async (tx) => {
        const before = await locked(tx, id, a);
        if (!before.publishedAt) throw new AppError('CONFLICT', 'Bản nháp chưa phát: xoá bản nháp thay vì huỷ');
        if (before.cancelledAt) throw new AppError('CONFLICT', 'Cảnh báo đã huỷ');
        const cancelled = await updateWarning(tx, id, { cancelledAt: now(), cancelReason: reason });
        const area = await areaOf(cancelled);
        await writeCap(tx, cancelled, area, 'cancel', reason, null);
        const unsent = await cancelPendingWarningMessages(tx, id);
        // Its messages not sent yet are dropped; the cancel goes to every recipient of the area.
        queued = await queueMessages(tx, cancelled, area, 'cancel', reason);
        await step(tx, a, cancelled, 'cancelled', `${reason}${unsent ? ` (${unsent} tin chưa gửi được huỷ)` : ''}`);
        return cancelled;
      });
      announce(id, 'cancelled', queued);
      return toWarning(row);
    },

    /** The warnings in force on the banner channel (public); `unit`: those whose area takes in that unit (#26). */
    async active(unit?: string): Promise<PublicWarning[]> {
      const at = now();
      const rows = await activeBannerWarnings(db, at);
      const out: PublicWarning[] = [];
      for (const r of rows) {
        const area = await areaOf(r);
        if (!unit || area.codes.includes(unit)) out.push(toPublic(r, area, at));
      }
      return out;
    },

    /** A published (or cancelled) warning for its public page; drafts are not public. */
    async publicOne(id: number): Promise<PublicWarning | null> {
      const row = await findWarning(db, id);
      if (!row?.publishedAt) return null;
      return toPublic(row, await areaOf(row), now());
    },
  };
}
export type WarningsService = ReturnType<typeof createWarningsService>;
