-- 柜内尺寸 (ISO values) beside each type's capacity and payload, where a stored setting has none yet.
UPDATE "settings" SET "value" = jsonb_set("value", '{20GP,innerMm}', '{"length":5898,"width":2352,"height":2393}'::jsonb), "version" = "version" + 1
WHERE "key" = 'containerCapacity' AND "value" -> '20GP' IS NOT NULL AND "value" -> '20GP' -> 'innerMm' IS NULL;--> statement-breakpoint
UPDATE "settings" SET "value" = jsonb_set("value", '{40GP,innerMm}', '{"length":12032,"width":2352,"height":2393}'::jsonb), "version" = "version" + 1
WHERE "key" = 'containerCapacity' AND "value" -> '40GP' IS NOT NULL AND "value" -> '40GP' -> 'innerMm' IS NULL;--> statement-breakpoint
UPDATE "settings" SET "value" = jsonb_set("value", '{40HQ,innerMm}', '{"length":12032,"width":2352,"height":2698}'::jsonb), "version" = "version" + 1
WHERE "key" = 'containerCapacity' AND "value" -> '40HQ' IS NOT NULL AND "value" -> '40HQ' -> 'innerMm' IS NULL;--> statement-breakpoint
UPDATE "settings" SET "value" = jsonb_set("value", '{45HQ,innerMm}', '{"length":13556,"width":2352,"height":2698}'::jsonb), "version" = "version" + 1
WHERE "key" = 'containerCapacity' AND "value" -> '45HQ' IS NOT NULL AND "value" -> '45HQ' -> 'innerMm' IS NULL;
