CREATE TABLE "booking_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"leg" integer NOT NULL,
	"pickup_at" timestamp with time zone NOT NULL,
	"date" text NOT NULL,
	"pickup_time" text,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"babies" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"delay_depart_minutes" integer NOT NULL,
	"delay_arrive_minutes" integer NOT NULL,
	"pickup" jsonb NOT NULL,
	"dropoff" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"driver_id" integer,
	"ride_status" text DEFAULT 'scheduled' NOT NULL
);--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_order_id_bookings_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."bookings"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_legs" ADD CONSTRAINT "booking_legs_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_legs_order_leg_key" ON "booking_legs" USING btree ("order_id","leg");--> statement-breakpoint
CREATE INDEX "booking_legs_pickup_at_idx" ON "booking_legs" USING btree ("pickup_at");--> statement-breakpoint
CREATE INDEX "booking_legs_driver_idx" ON "booking_legs" USING btree ("driver_id","pickup_at");
--> statement-breakpoint
-- The legs stored in each booking's details become rows, each with the booking's driver and a
-- ride status from the booking's; the details keep the traveller and the luggage, as version 2.
INSERT INTO "booking_legs" ("order_id", "leg", "pickup_at", "date", "pickup_time", "adults", "children", "babies", "duration_minutes", "delay_depart_minutes", "delay_arrive_minutes", "pickup", "dropoff", "notes", "driver_id", "ride_status")
SELECT b."order_id",
	(l->>'leg')::integer,
	(l->>'pickupAt')::timestamptz,
	l->>'date',
	l->>'pickupTime',
	(l->'passengers'->>'adults')::integer,
	(l->'passengers'->>'children')::integer,
	(l->'passengers'->>'babies')::integer,
	round((l->>'durationMinutes')::numeric)::integer,
	round((l->>'delayDepartMinutes')::numeric)::integer,
	round((l->>'delayArriveMinutes')::numeric)::integer,
	l->'pickup',
	l->'dropoff',
	coalesce(l->>'info', ''),
	b."driver_id",
	CASE b."booking_status" WHEN 'completed' THEN 'completed' WHEN 'no_show' THEN 'no_show' ELSE 'scheduled' END
FROM "bookings" b
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(b."details"->'legs') = 'array' THEN b."details"->'legs' ELSE '[]'::jsonb END) AS l
WHERE jsonb_typeof(l) = 'object'
	AND l->>'leg' IN ('1', '2')
	AND jsonb_typeof(l->'pickupAt') = 'string'
	AND jsonb_typeof(l->'date') = 'string'
	AND jsonb_typeof(l->'passengers'->'adults') = 'number'
	AND jsonb_typeof(l->'passengers'->'children') = 'number'
	AND jsonb_typeof(l->'passengers'->'babies') = 'number'
	AND jsonb_typeof(l->'durationMinutes') = 'number'
	AND jsonb_typeof(l->'delayDepartMinutes') = 'number'
	AND jsonb_typeof(l->'delayArriveMinutes') = 'number'
	AND jsonb_typeof(l->'pickup') = 'object'
	AND jsonb_typeof(l->'dropoff') = 'object'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "bookings" SET "details" = ("details" - 'legs') || '{"version": 2}'::jsonb WHERE jsonb_typeof("details") = 'object';
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_driver_id_drivers_id_fk";
--> statement-breakpoint
DROP INDEX "bookings_driver_id_idx";
--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "driver_id";
