ALTER TABLE "groups" ADD COLUMN "units" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "units" jsonb DEFAULT '[]'::jsonb NOT NULL;