CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"data" varchar(255),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_layers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"symbol_icon" varchar(64) NOT NULL,
	"symbol_color" varchar(32) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geodata_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"type" varchar(32) NOT NULL,
	"path" varchar(128),
	"parent_id" integer,
	"time" timestamp with time zone,
	"size" bigint DEFAULT 0 NOT NULL,
	"content_type" varchar(128),
	"sha256" varchar(64),
	"encodings" varchar(32) DEFAULT '' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_layers" ADD CONSTRAINT "data_layers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geodata_items" ADD CONSTRAINT "geodata_items_parent_id_geodata_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."geodata_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geodata_items" ADD CONSTRAINT "geodata_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "geodata_type_time_idx" ON "geodata_items" USING btree ("type","time");--> statement-breakpoint
CREATE INDEX "geodata_parent_idx" ON "geodata_items" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "geodata_path_key" ON "geodata_items" USING btree ("path");--> statement-breakpoint
INSERT INTO "data_layers" ("name", "symbol_icon", "symbol_color", "enabled") VALUES
  ('Mưa thực đo', 'cloud', '#1677ff', true),
  ('Mưa vệ tinh', 'global', '#13c2c2', true),
  ('Mưa dự báo', 'clock', '#722ed1', true),
  ('Mực nước thực đo', 'drop', '#0958d9', true),
  ('Ngập lụt', 'flood', '#d4380d', true),
  ('Kịch bản ngập lụt', 'experiment', '#fa8c16', true);
