DROP INDEX "stations_code_key";--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "status" varchar(16) DEFAULT 'active' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stations_code_key" ON "stations" USING btree ("code") WHERE "stations"."status" <> 'deleted';