CREATE TABLE "staff_totp_uses" (
	"user_id" text NOT NULL,
	"step" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_totp_uses_user_id_step_pk" PRIMARY KEY("user_id","step")
);
--> statement-breakpoint
ALTER TABLE "staff_totp_uses" ADD CONSTRAINT "staff_totp_uses_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_totp_uses_used_at_idx" ON "staff_totp_uses" USING btree ("used_at");--> statement-breakpoint
-- Session tokens are kept as their SHA-256 (hex) from now on: the tokens stored before are hashed
-- in place, so the staff signed in keep their cookies. A stored value is never a raw token again.
UPDATE "staff_sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
