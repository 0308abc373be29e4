import type { Feedback, FeedbackBodySchema, FeedbackListQuery, FeedbackPage } from '@flood/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Actor, requirePermission } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import { deleteFeedback, insertFeedback, listFeedback, updateFeedback } from './feedback.repository';

type FeedbackBody = z.output<typeof FeedbackBodySchema>;

/** The feedback list is in the administration view, behind its own permission (#18: not `system`, held by all). */
const STAFF = 'feedback' as const;
const notFound = () => new AppError('NOT_FOUND', 'Không tìm thấy góp ý');

/** Feedback: sent by anyone, reviewed, corrected and deleted by staff (audited in the same transaction). */
export function createFeedbackService({ db }: { db: Db }) {
  return {
    send(body: FeedbackBody): Promise<Feedback> {
      return insertFeedback(db, body);
    },

    list(actor: Actor | undefined, q: FeedbackListQuery): Promise<FeedbackPage> {
      requirePermission(actor, STAFF);
      return listFeedback(db, q);
    },

    async update(actor: Actor | undefined, id: number, body: FeedbackBody): Promise<Feedback> {
      const a = requirePermission(actor, STAFF);
      return db.transaction(async (tx) => {
        const updated = await updateFeedback(tx, id, body);
        if (!updated) throw notFound();
        await recordAudit(tx, a, `Sửa góp ý #${id} (${updated.name})`);
        return updated;
      });
    },

    async remove(actor: Actor | undefined, id: number): Promise<void> {
      const a = requirePermission(actor, STAFF);
      await db.transaction(async (tx) => {
        const deleted = await deleteFeedback(tx, id);
        if (!deleted) throw notFound();
        await recordAudit(tx, a, `Xoá góp ý #${id} (${deleted.name})`);
      });
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
