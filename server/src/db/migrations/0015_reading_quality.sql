CREATE TABLE "alert_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"level" integer,
	"value" double precision,
	"detail" text,
	"user_name" varchar(255),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"action" varchar(8) NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"old_value" double precision,
	"new_value" double precision,
	"reason" text NOT NULL,
	"user_id" integer,
	"user_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_by_name" varchar(255);--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "ack_note" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "quality" varchar(10) DEFAULT 'good' NOT NULL;--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "quality_rule" varchar(16);--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "original_value" double precision;--> statement-breakpoint
ALTER TABLE "sms_history" ADD COLUMN "purpose" varchar(12) DEFAULT 'alert' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_recipients" ADD COLUMN "on_duty" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_corrections" ADD CONSTRAINT "reading_corrections_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_corrections" ADD CONSTRAINT "reading_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_events_alert_idx" ON "alert_events" USING btree ("alert_id","id");--> statement-breakpoint
CREATE INDEX "reading_corrections_station_idx" ON "reading_corrections" USING btree ("station_id","created_at");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "readings_flagged_idx" ON "readings" USING btree ("station_id","observed_at") WHERE "readings"."quality" <> 'good';--> statement-breakpoint
-- Alerts opened before #22 had told people already: they are confirmed.
UPDATE "alerts" SET "confirmed_at" = "opened_at" WHERE "confirmed_at" IS NULL;