CREATE TABLE "damages" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(8) NOT NULL,
	"date" date NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flood_analyses" (
	"geodata_id" integer PRIMARY KEY NOT NULL,
	"status" varchar(16) DEFAULT 'PENDING' NOT NULL,
	"error" text,
	"region_layer_id" integer,
	"result" jsonb,
	"duration_ms" integer,
	"computed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flood_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255),
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"peak_station_id" integer,
	"peak_value" double precision,
	"peak_at" timestamp with time zone,
	"note" varchar(1000),
	"source" varchar(8) DEFAULT 'AUTO' NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "damages" ADD CONSTRAINT "damages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flood_analyses" ADD CONSTRAINT "flood_analyses_geodata_id_geodata_items_id_fk" FOREIGN KEY ("geodata_id") REFERENCES "public"."geodata_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flood_analyses" ADD CONSTRAINT "flood_analyses_region_layer_id_geodata_items_id_fk" FOREIGN KEY ("region_layer_id") REFERENCES "public"."geodata_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flood_events" ADD CONSTRAINT "flood_events_peak_station_id_stations_id_fk" FOREIGN KEY ("peak_station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flood_events" ADD CONSTRAINT "flood_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "damages_type_date_idx" ON "damages" USING btree ("type","date");--> statement-breakpoint
CREATE INDEX "flood_events_start_idx" ON "flood_events" USING btree ("start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "flood_events_one_open_idx" ON "flood_events" USING btree ("source") WHERE "flood_events"."end_at" is null and "flood_events"."source" = 'AUTO';