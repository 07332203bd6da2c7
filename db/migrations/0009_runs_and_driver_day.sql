CREATE TABLE "driver_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leg_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"leg" integer NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"driver_id" integer
);
--> statement-breakpoint
CREATE TABLE "shuttle_run_legs" (
	"order_id" text NOT NULL,
	"leg" integer NOT NULL,
	"run_id" integer NOT NULL,
	CONSTRAINT "shuttle_run_legs_order_id_leg_pk" PRIMARY KEY("order_id","leg")
);
--> statement-breakpoint
CREATE TABLE "shuttle_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"airport" text NOT NULL,
	"direction" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"seats" integer NOT NULL,
	"suitcases" integer NOT NULL,
	"vehicle_id" integer,
	"driver_id" integer,
	"departs_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_links" ADD CONSTRAINT "driver_links_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leg_events" ADD CONSTRAINT "leg_events_order_id_bookings_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."bookings"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leg_events" ADD CONSTRAINT "leg_events_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shuttle_run_legs" ADD CONSTRAINT "shuttle_run_legs_order_id_bookings_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."bookings"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shuttle_run_legs" ADD CONSTRAINT "shuttle_run_legs_run_id_shuttle_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."shuttle_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shuttle_runs" ADD CONSTRAINT "shuttle_runs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shuttle_runs" ADD CONSTRAINT "shuttle_runs_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_links_token_hash_key" ON "driver_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_links_driver_key" ON "driver_links" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leg_events_step_key" ON "leg_events" USING btree ("order_id","leg","step");--> statement-breakpoint
CREATE INDEX "shuttle_run_legs_run_idx" ON "shuttle_run_legs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "shuttle_runs_day_idx" ON "shuttle_runs" USING btree ("day");