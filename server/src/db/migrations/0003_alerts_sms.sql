CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"station_id" integer NOT NULL,
	"level" integer NOT NULL,
	"value" double precision NOT NULL,
	"message" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"below_since" timestamp with time zone,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer,
	"sms_user_id" integer,
	"name" varchar(255) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" varchar(255),
	"email" varchar(255),
	"phone" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(32) NOT NULL,
	"template" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "message_id" varchar(64);--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_history" ADD CONSTRAINT "sms_history_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_history" ADD CONSTRAINT "sms_history_sms_user_id_sms_recipients_id_fk" FOREIGN KEY ("sms_user_id") REFERENCES "public"."sms_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_key" ON "alerts" USING btree ("station_id","kind") WHERE "alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_opened_idx" ON "alerts" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "sms_history_pending_idx" ON "sms_history" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_history_created_idx" ON "sms_history" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_templates_type_key" ON "sms_templates" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_message_id_key" ON "sms_outbox" USING btree ("message_id");--> statement-breakpoint
INSERT INTO "sms_templates" ("type", "template") VALUES
  ('FLOOD_WARNING', 'CANH BAO LU: Tram %s dat canh bao cap %d, muc nuoc %.2f m. De nghi nguoi dan chu dong phong tranh, theo doi thong tin tu chinh quyen.'),
  ('RAIN_WARNING', 'CANH BAO MUA LON: Tram %s do duoc %.2f mm. Nguy co lu quet, sat lo dat. De nghi nguoi dan chu dong phong tranh.')
ON CONFLICT ("type") DO NOTHING;
