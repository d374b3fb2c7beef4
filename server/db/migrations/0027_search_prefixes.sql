DROP INDEX "bills_of_lading_plan_idx";--> statement-breakpoint
CREATE INDEX "bulk_lines_owner_po_prefix_idx" ON "bulk_lines" USING btree ("owner",lower("po_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bulk_lines_odg_prefix_idx" ON "bulk_lines" USING btree (lower("odg_item_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bulk_lines_owner_odg_prefix_idx" ON "bulk_lines" USING btree ("owner",lower("odg_item_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "osb_containers_number_prefix_idx" ON "osb_containers" USING btree (lower("container_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "osb_orders_booking_no_prefix_idx" ON "osb_orders" USING btree (lower("carrier_booking_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bills_of_lading_owner_bol_no_prefix_idx" ON "bills_of_lading" USING btree ("owner",lower("bol_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bills_of_lading_plan_idx" ON "bills_of_lading" USING btree ("plan_key","key");