CREATE TABLE "portal_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriber_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"address" text NOT NULL,
	"push_keys" jsonb,
	"confirmed_at" timestamp with time zone,
	"code_hash" varchar(64),
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"communes" text[] NOT NULL,
	"kinds" text[] NOT NULL,
	"language" varchar(2) DEFAULT 'vi' NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_source" varchar(16) NOT NULL,
	"link_nonce" varchar(16) NOT NULL,
	"link_base" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_history" ADD COLUMN "subscriber_id" integer;--> statement-breakpoint
ALTER TABLE "sms_history" ADD COLUMN "channel_id" integer;--> statement-breakpoint
ALTER TABLE "sms_history" ADD COLUMN "provider_id" varchar(128);--> statement-breakpoint
ALTER TABLE "sms_history" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriber_channels" ADD CONSTRAINT "subscriber_channels_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_channels_subscriber_channel_key" ON "subscriber_channels" USING btree ("subscriber_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriber_channels_confirmed_address_key" ON "subscriber_channels" USING btree ("channel","address") WHERE "subscriber_channels"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriber_channels_code_idx" ON "subscriber_channels" USING btree ("code_hash");--> statement-breakpoint
ALTER TABLE "sms_history" ADD CONSTRAINT "sms_history_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_history" ADD CONSTRAINT "sms_history_channel_id_subscriber_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."subscriber_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_history_provider_idx" ON "sms_history" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sms_history_subscriber_idx" ON "sms_history" USING btree ("subscriber_id");--> statement-breakpoint
UPDATE "sms_templates" SET "template" = 'CANH BAO LU: %s bao dong %d (%.2f m). Ven song, vung trung chu dong so tan, phong tranh.', "updated_at" = now()
  WHERE "type" = 'FLOOD_WARNING' AND "template" = 'CANH BAO LU: %s dat bao dong %d, muc nuoc %.2f m. Nguoi dan ven song, vung trung thap chu dong phong tranh.';--> statement-breakpoint
UPDATE "sms_templates" SET "template" = 'CANH BAO MUA LON: %s do duoc %.1f mm. Nguy co lu quet, sat lo dat, chu dong phong tranh.', "updated_at" = now()
  WHERE "type" = 'RAIN_WARNING' AND "template" = 'CANH BAO MUA LON: %s do duoc %.1f mm. Nguy co lu quet, sat lo dat. Nguoi dan chu dong phong tranh.';--> statement-breakpoint
UPDATE "sms_templates" SET "template" = 'CANH BAO NUOC LEN NHANH: %s len %.0f cm/gio. Ven song, vung trung chu dong phong tranh.', "updated_at" = now()
  WHERE "type" = 'WATER_RISE' AND "template" = 'CANH BAO NUOC LEN NHANH: %s, nuoc len %.0f cm/gio. Nguoi dan ven song, vung trung thap chu dong phong tranh.';
