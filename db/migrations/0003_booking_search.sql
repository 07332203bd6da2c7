CREATE INDEX "bookings_lastname_search_idx" ON "bookings" USING btree (lower("lastname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_firstname_search_idx" ON "bookings" USING btree (lower("firstname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_email_search_idx" ON "bookings" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_phone_search_idx" ON "bookings" USING btree (reverse(regexp_replace("phone", '[^0-9]', '', 'g')) text_pattern_ops);