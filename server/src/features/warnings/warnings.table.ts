import type { SeverityScale, WarningChannel, WarningEventType, WarningKind } from '@flood/domain';
import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { uploadedFiles } from '../files/files.table';
import { users } from '../users/users.table';

/**
 * Warnings issued by officers (#23): a draft until a second officer approves it (or its composer publishes it
 * as urgent, with a reason); then published, updated (each update a new version) and cancelled. Names are kept
 * beside the user ids so that the record stays readable after an account goes.
 */
export const warnings = pgTable(
  'warnings',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 16 }).$type<WarningKind>().notNull(),
    /** GSO codes of the communes of the area (empty when the area is drawn). */
    communes: text('communes').array().notNull().default([]),
    /** A ring drawn on the map, [lon, lat], closed (null when the area is communes). */
    polygon: jsonb('polygon').$type<[number, number][]>(),
    severityScale: varchar('severity_scale', { length: 8 }).$type<SeverityScale>().notNull().default('level'),
    severity: integer('severity').notNull(),
    source: varchar('source', { length: 255 }),
    headlineVi: varchar('headline_vi', { length: 140 }).notNull(),
    descriptionVi: text('description_vi').notNull(),
    instructionVi: text('instruction_vi').notNull(),
    headlineEn: varchar('headline_en', { length: 140 }),
    descriptionEn: text('description_en'),
    instructionEn: text('instruction_en'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    channels: text('channels').array().$type<WarningChannel[]>().notNull(),
    attachmentId: varchar('attachment_id', { length: 32 }).references(() => uploadedFiles.id, { onDelete: 'set null' }),
    /** 1 when published; each update adds one. */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: varchar('created_by_name', { length: 255 }),
    /** Who last changed the draft: the approver must be someone else than the composer and this person. */
    lastEditedBy: integer('last_edited_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: varchar('approved_by_name', { length: 255 }),
    /** Published by its composer alone: why (shown in the audit and on the staff page). */
    urgentReason: text('urgent_reason'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warnings_expires_idx').on(t.expiresAt), index('warnings_created_idx').on(t.createdAt)],
);
export type WarningRow = typeof warnings.$inferSelect;

/** Every step of a warning, in order: the staff page's timeline (the audit log has them too). */
export const warningEvents = pgTable(
  'warning_events',
  {
    id: serial('id').primaryKey(),
    warningId: integer('warning_id')
      .notNull()
      .references(() => warnings.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).$type<WarningEventType>().notNull(),
    detail: text('detail'),
    userName: varchar('user_name', { length: 255 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('warning_events_warning_idx').on(t.warningId, t.id)],
);
