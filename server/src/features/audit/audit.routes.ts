import { AuditCreateBodySchema, AuditEntrySchema, AuditListQuerySchema, AuditPageSchema } from '@flood/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { createAuditEntry, listAudit } from './audit.service';

/** The audit log (users view, permission `user`). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/audit', {
    config: { access: { anyOf: ['user'] } },
    schema: {
      tags: ['Nhật ký / Audit'],
      summary: 'Nhật ký hệ thống',
      querystring: AuditListQuerySchema,
      response: { 200: AuditPageSchema },
    },
    handler: (req) => listAudit(db, req.actor, req.query),
  });

  app.post('/api/audit', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['Nhật ký / Audit'],
      summary: 'Ghi một mục nhật ký',
      body: AuditCreateBodySchema,
      response: { 200: AuditEntrySchema },
    },
    handler: (req) => createAuditEntry(db, req.actor, req.body.content),
  });
};
