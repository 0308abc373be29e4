CREATE TABLE "sms_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"sms_history_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"gateway" varchar(32) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" varchar(16),
	"error" text
);
--> statement-breakpoint
ALTER TABLE "sms_attempts" ADD CONSTRAINT "sms_attempts_sms_history_id_sms_history_id_fk" FOREIGN KEY ("sms_history_id") REFERENCES "public"."sms_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_attempts_history_attempt_key" ON "sms_attempts" USING btree ("sms_history_id","attempt_no");