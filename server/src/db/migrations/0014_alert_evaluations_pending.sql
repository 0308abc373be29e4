CREATE TABLE "alert_evaluations_pending" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_evaluations_pending" ADD CONSTRAINT "alert_evaluations_pending_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;