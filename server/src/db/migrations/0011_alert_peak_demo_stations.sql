ALTER TABLE "alerts" ADD COLUMN "peak_value" double precision;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "trend" varchar(8);--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "alerts" SET "peak_value" = "value" WHERE "peak_value" IS NULL;--> statement-breakpoint
UPDATE "stations" SET "demo" = true
  WHERE "code" IN ('F00001','F00002','F00003','F00004','F00005','F00006','F00007','F00008','F01021','F01022','F01023','F01024','F01025')
    AND "description" LIKE '%(minh hoạ)';--> statement-breakpoint
UPDATE "sms_templates" SET "template" = 'CANH BAO LU: %s dat bao dong %d, muc nuoc %.2f m. Nguoi dan ven song, vung trung thap chu dong phong tranh.', "updated_at" = now()
  WHERE "type" = 'FLOOD_WARNING' AND "template" = 'CANH BAO LU: Tram %s dat canh bao cap %d, muc nuoc %.2f m. De nghi nguoi dan chu dong phong tranh, theo doi thong tin tu chinh quyen.';--> statement-breakpoint
UPDATE "sms_templates" SET "template" = 'CANH BAO MUA LON: %s do duoc %.1f mm. Nguy co lu quet, sat lo dat. Nguoi dan chu dong phong tranh.', "updated_at" = now()
  WHERE "type" = 'RAIN_WARNING' AND "template" = 'CANH BAO MUA LON: Tram %s do duoc %.2f mm. Nguy co lu quet, sat lo dat. De nghi nguoi dan chu dong phong tranh.';--> statement-breakpoint
INSERT INTO "sms_templates" ("type", "template") VALUES
  ('WATER_RISE', 'CANH BAO NUOC LEN NHANH: %s, nuoc len %.0f cm/gio. Nguoi dan ven song, vung trung thap chu dong phong tranh.')
ON CONFLICT ("type") DO NOTHING;
