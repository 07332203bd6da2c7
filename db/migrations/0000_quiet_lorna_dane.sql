CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"submission_token" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"kind" text NOT NULL,
	"round_trip" boolean NOT NULL,
	"depart" text NOT NULL,
	"arrive" text NOT NULL,
	"lastname" text NOT NULL,
	"firstname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"adults" integer NOT NULL,
	"children" integer NOT NULL,
	"babies" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"payment_mode" text NOT NULL,
	"details" jsonb NOT NULL,
	"payment_provider" text,
	"payment_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_order_id_key" ON "bookings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_submission_token_key" ON "bookings" USING btree ("submission_token");--> statement-breakpoint
CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_order_kind_key" ON "outbox" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","next_attempt_at") WHERE "outbox"."status" = 'pending';