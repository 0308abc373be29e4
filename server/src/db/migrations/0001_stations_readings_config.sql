CREATE TABLE "system_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"object_value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"station_id" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "readings_station_id_observed_at_pk" PRIMARY KEY("station_id","observed_at")
);
--> statement-breakpoint
CREATE TABLE "readings_hourly" (
	"station_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"last_value" double precision NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "readings_hourly_station_id_hour_pk" PRIMARY KEY("station_id","hour")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" varchar(255) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"warning_level1" double precision,
	"warning_level2" double precision,
	"warning_level3" double precision,
	"warning_low_water" double precision,
	"push_key" varchar(64) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings_hourly" ADD CONSTRAINT "readings_hourly_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "system_parameters_name_key" ON "system_parameters" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_code_key" ON "stations" USING btree ("code");--> statement-breakpoint
INSERT INTO "system_parameters" ("name", "object_value") VALUES
  ('Thông tin liên hệ', '{"content": "Ủy ban nhân dân huyện Ba Chẽ, tỉnh Quảng Ninh"}'),
  ('Web Parameters', '{"waterHigh": 70, "waterMedium": 50, "waterLow": 30, "rainVeryHigh": 20, "rainHigh": 10, "rainMedium": 5, "rainLow": 0, "notRain": 0, "disconnectAfterMinutes": 120}')
ON CONFLICT ("name") DO NOTHING;
