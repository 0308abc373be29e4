CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(255) NOT NULL,
	"address" varchar(255) NOT NULL,
	"content" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"storage_key" varchar(128) NOT NULL,
	"thumbnail_key" varchar(128),
	"name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"sapo" text,
	"author" varchar(255),
	"avatar" varchar(64),
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"status" varchar(16) NOT NULL,
	"type" varchar(16) NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_views" (
	"news_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "news_views_news_id_day_pk" PRIMARY KEY("news_id","day")
);
--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_views" ADD CONSTRAINT "news_views_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "uploaded_files_created_idx" ON "uploaded_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "news_type_status_date_idx" ON "news" USING btree ("type","status","date");--> statement-breakpoint
CREATE INDEX "news_created_idx" ON "news" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_single_about_idx" ON "news" USING btree ("type") WHERE "news"."type" = 'GIOI_THIEU';--> statement-breakpoint
CREATE INDEX "news_views_day_idx" ON "news_views" USING btree ("day");