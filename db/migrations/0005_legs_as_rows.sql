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
SELECT c."order_id",
	(c.l->>'leg')::integer,
	(c.l->>'pickupAt')::timestamptz,
	c.l->>'date',
	c.l->>'pickupTime',
	(c.l->'passengers'->>'adults')::integer,
	(c.l->'passengers'->>'children')::integer,
	(c.l->'passengers'->>'babies')::integer,
	round((c.l->>'durationMinutes')::numeric)::integer,
	round((c.l->>'delayDepartMinutes')::numeric)::integer,
	round((c.l->>'delayArriveMinutes')::numeric)::integer,
	c.l->'pickup',
	c.l->'dropoff',
	coalesce(c.l->>'info', ''),
	c."driver_id",
	CASE c."booking_status" WHEN 'completed' THEN 'completed' WHEN 'no_show' THEN 'no_show' ELSE 'scheduled' END
FROM (
	-- Each stored leg, and whether every leg of its booking can be read: a booking's legs are
	-- copied all together or not at all, so that no round trip is left with half its legs.
	SELECT b."order_id", b."driver_id", b."booking_status", l, bool_and(r.readable) OVER (PARTITION BY b."order_id") AS "whole"
	FROM "bookings" b
	CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(b."details"->'legs') = 'array' THEN b."details"->'legs' ELSE '[]'::jsonb END) AS l
	CROSS JOIN LATERAL (SELECT coalesce(
		jsonb_typeof(l) = 'object'
		AND l->>'leg' IN ('1', '2')
		AND jsonb_typeof(l->'pickupAt') = 'string'
		AND l->>'pickupAt' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$'
		AND jsonb_typeof(l->'date') = 'string'
		AND jsonb_typeof(l->'passengers'->'adults') = 'number'
		AND jsonb_typeof(l->'passengers'->'children') = 'number'
		AND jsonb_typeof(l->'passengers'->'babies') = 'number'
		AND CASE WHEN jsonb_typeof(l->'passengers'->'adults') = 'number' THEN (l->'passengers'->>'adults')::numeric BETWEEN 0 AND 1000 ELSE false END
		AND CASE WHEN jsonb_typeof(l->'passengers'->'children') = 'number' THEN (l->'passengers'->>'children')::numeric BETWEEN 0 AND 1000 ELSE false END
		AND CASE WHEN jsonb_typeof(l->'passengers'->'babies') = 'number' THEN (l->'passengers'->>'babies')::numeric BETWEEN 0 AND 1000 ELSE false END
		AND jsonb_typeof(l->'durationMinutes') = 'number'
		AND jsonb_typeof(l->'delayDepartMinutes') = 'number'
		AND jsonb_typeof(l->'delayArriveMinutes') = 'number'
		AND CASE WHEN jsonb_typeof(l->'durationMinutes') = 'number' THEN (l->>'durationMinutes')::numeric BETWEEN 0 AND 100000 ELSE false END
		AND CASE WHEN jsonb_typeof(l->'delayDepartMinutes') = 'number' THEN (l->>'delayDepartMinutes')::numeric BETWEEN 0 AND 100000 ELSE false END
		AND CASE WHEN jsonb_typeof(l->'delayArriveMinutes') = 'number' THEN (l->>'delayArriveMinutes')::numeric BETWEEN 0 AND 100000 ELSE false END
		AND jsonb_typeof(l->'pickup') = 'object'
		AND jsonb_typeof(l->'dropoff') = 'object',
		false
	) AS readable) AS r
) c
WHERE c."whole"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A booking whose stored legs could not all be copied keeps them, unread, as legacyLegs: nothing
-- of it is lost, and it reads as having no legs, as it did.
UPDATE "bookings" b SET "details" = (b."details" - 'legs') || jsonb_build_object('version', 2) || CASE
		WHEN jsonb_typeof(b."details"->'legs') = 'array'
			AND jsonb_array_length(b."details"->'legs') > (SELECT count(*) FROM "booking_legs" l WHERE l."order_id" = b."order_id")
		THEN jsonb_build_object('legacyLegs', b."details"->'legs')
		ELSE '{}'::jsonb
	END
WHERE jsonb_typeof(b."details") = 'object';
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_driver_id_drivers_id_fk";
--> statement-breakpoint
DROP INDEX "bookings_driver_id_idx";
--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "driver_id";
