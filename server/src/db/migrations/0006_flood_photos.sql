CREATE TABLE "flood_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" varchar(255) DEFAULT '' NOT NULL,
	"location" varchar(255) NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"image_key" varchar(128) NOT NULL,
	"thumbnail_key" varchar(128) NOT NULL,
	"mime" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flood_photos" ADD CONSTRAINT "flood_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flood_photos_created_idx" ON "flood_photos" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "flood_photos_position_idx" ON "flood_photos" USING btree ("latitude","longitude");