CREATE TABLE "warning_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"warning_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"detail" text,
	"user_name" varchar(255),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warnings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"communes" text[] DEFAULT '{}' NOT NULL,
	"polygon" jsonb,
	"severity_scale" varchar(8) DEFAULT 'level' NOT NULL,
	"severity" integer NOT NULL,
	"source" varchar(255),
	"headline_vi" varchar(140) NOT NULL,
	"description_vi" text NOT NULL,
	"instruction_vi" text NOT NULL,
	"headline_en" varchar(140),
	"description_en" text,
	"instruction_en" text,
	"effective_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"channels" text[] NOT NULL,
	"attachment_id" varchar(32),
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(255),
	"last_edited_by" integer,
	"approved_by" integer,
	"approved_by_name" varchar(255),
	"urgent_reason" text,
	"published_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cap_messages" ALTER COLUMN "alert_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cap_messages" ADD COLUMN "warning_id" integer;--> statement-breakpoint
ALTER TABLE "cap_messages" ADD COLUMN "area_key" varchar(255);--> statement-breakpoint
ALTER TABLE "cap_messages" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cap_messages" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "sms_history" ADD COLUMN "warning_id" integer;--> statement-breakpoint
ALTER TABLE "sms_recipients" ADD COLUMN "communes" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "warning_events" ADD CONSTRAINT "warning_events_warning_id_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."warnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_attachment_id_uploaded_files_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_last_edited_by_users_id_fk" FOREIGN KEY ("last_edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warning_events_warning_idx" ON "warning_events" USING btree ("warning_id","id");--> statement-breakpoint
CREATE INDEX "warnings_expires_idx" ON "warnings" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "warnings_created_idx" ON "warnings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cap_messages" ADD CONSTRAINT "cap_messages_warning_id_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."warnings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_history" ADD CONSTRAINT "sms_history_warning_id_warnings_id_fk" FOREIGN KEY ("warning_id") REFERENCES "public"."warnings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cap_messages_warning_idx" ON "cap_messages" USING btree ("warning_id");--> statement-breakpoint
ALTER TABLE "cap_messages" ADD CONSTRAINT "cap_messages_one_owner" CHECK (num_nonnulls("cap_messages"."alert_id", "cap_messages"."warning_id") = 1);--> statement-breakpoint
UPDATE "cap_messages" SET "expires_at" = "sent_at" + interval '6 hours' WHERE "expires_at" IS NULL;
