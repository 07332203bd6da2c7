CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"seats" integer NOT NULL,
	"suitcases" integer NOT NULL,
	"child_seats" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"picture" text NOT NULL,
	"picture_alt" text NOT NULL,
	"description" text NOT NULL,
	"luggage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "vehicle_id" integer;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "vehicle_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_name_key" ON "vehicles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The drivers' vehicles were words until now: they are kept as each driver's note, and staff
-- choose the vehicle from the fleet.
UPDATE "drivers" SET "vehicle_note" = "vehicle";