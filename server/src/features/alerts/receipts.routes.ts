import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { parseDeliveryReceipt, type ReceiptProfile } from '../../lib/sms-gateway';
import { recordDeliveryReceipt } from './alerts.repository';

const RECEIPT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/xml',
  'text/plain',
];

/**
 * The SMS provider's delivery receipts (#24): POST /api/delivery-receipts/sms/<SMS_RECEIPT_TOKEN> with a JSON, form or XML
 * body read by the provider profile (SMS_RECEIPT_*); the message it names becomes DELIVERED, or FAILED with the
 * provider's reason. Without SMS_RECEIPT_TOKEN there is no such address (404); a wrong token is 404 too.
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  token: string | undefined;
  profile: ReceiptProfile;
}> = async (app, { db, token, profile }) => {
  // The body is read as text here whatever its type: the profile decides how.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(RECEIPT_TYPES, { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/api/delivery-receipts/sms/:token', {
    config: { access: 'public' },
    schema: { hide: true, params: z.object({ token: z.string().max(200) }) },
    handler: async (req) => {
      if (!token || req.params.token !== token) throw new AppError('NOT_FOUND');
      const receipt = parseDeliveryReceipt(profile, req.headers['content-type'] ?? '', String(req.body ?? ''));
      if (!receipt)
        throw new AppError('VALIDATION_FAILED', 'Biên nhận không đọc được', [
          { field: profile.idField, message: 'Thiếu mã tin nhắn hoặc trạng thái' },
        ]);
      const id = await recordDeliveryReceipt(db, receipt.id, receipt.delivered, receipt.reason);
      return { ok: true as const, matched: id !== null };
    },
  });
};
