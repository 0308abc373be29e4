CREATE TABLE "cap_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"msg_type" varchar(8) NOT NULL,
	"level" integer NOT NULL,
	"value" double precision NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cap_messages" ADD CONSTRAINT "cap_messages_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cap_messages_sent_idx" ON "cap_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "cap_messages_alert_idx" ON "cap_messages" USING btree ("alert_id");