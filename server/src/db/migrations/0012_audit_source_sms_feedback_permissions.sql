ALTER TABLE "audit_logs" ADD COLUMN "source" varchar(16) DEFAULT 'server' NOT NULL;--> statement-breakpoint
-- #18: SMS alerts and the feedback list leave `system` (held by every account) for permissions of their own.
-- The system account and the administrators of today (holders of `user`, accounts and groups) keep them.
UPDATE "users" SET "functions" = "functions" || '["sms"]'::jsonb WHERE ("is_system" OR "functions" ? 'user') AND NOT "functions" ? 'sms';--> statement-breakpoint
UPDATE "users" SET "functions" = "functions" || '["feedback"]'::jsonb WHERE ("is_system" OR "functions" ? 'user') AND NOT "functions" ? 'feedback';--> statement-breakpoint
UPDATE "groups" SET "functions" = "functions" || '["sms"]'::jsonb WHERE "functions" ? 'user' AND NOT "functions" ? 'sms';--> statement-breakpoint
UPDATE "groups" SET "functions" = "functions" || '["feedback"]'::jsonb WHERE "functions" ? 'user' AND NOT "functions" ? 'feedback';
