CREATE TABLE "manage_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "link_marker" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "calendar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "leg" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "manage_links_token_hash_key" ON "manage_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "manage_links_order_idx" ON "manage_links" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_reminder_key" ON "outbox" USING btree ("order_id","leg") WHERE "outbox"."kind" = 'reminder' and "outbox"."resent_from" is null;