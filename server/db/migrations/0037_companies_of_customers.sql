-- Every customer account becomes a company of its own (客户公司), its manager, named after the account, numbered in
-- the order the accounts were made; an administrator may rename it and its short code later.
INSERT INTO companies (key, name, short_code, contact)
  SELECT 'CO' || lpad(n::text, 8, '0'), who, 'C' || repeat('0', greatest(5 - length(n::text), 0)) || n, who
  FROM (SELECT coalesce(nullif(real_name, ''), name) AS who, row_number() OVER (ORDER BY created_at, id) AS n
        FROM users WHERE 'user' = any(roles)) AS customers;
--> statement-breakpoint
UPDATE users u SET company_key = 'CO' || lpad(c.n::text, 8, '0'), is_manager = true
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM users WHERE 'user' = any(roles)) AS c
  WHERE c.id = u.id;
--> statement-breakpoint
SELECT setval('company_key_seq', greatest((SELECT count(*) FROM companies), 1), (SELECT count(*) FROM companies) > 0);
--> statement-breakpoint
-- A row's company is its owner's when it is made, whoever inserts it: the database sets it, so that no insert can
-- file a row under another company, and it stays the company's when the member who made it leaves.
CREATE FUNCTION owner_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_company := (SELECT company_key FROM users WHERE id = NEW.owner);
  RETURN NEW;
END
$$;
--> statement-breakpoint
UPDATE bulk_lines t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER bulk_lines_owner_company BEFORE INSERT ON bulk_lines FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE inspections t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER inspections_owner_company BEFORE INSERT ON inspections FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE osb_plans t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER osb_plans_owner_company BEFORE INSERT ON osb_plans FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE osb_changes t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER osb_changes_owner_company BEFORE INSERT ON osb_changes FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE osb_orders t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER osb_orders_owner_company BEFORE INSERT ON osb_orders FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE osb_containers t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER osb_containers_owner_company BEFORE INSERT ON osb_containers FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE bills_of_lading t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER bills_of_lading_owner_company BEFORE INSERT ON bills_of_lading FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE customs_declarations t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER customs_declarations_owner_company BEFORE INSERT ON customs_declarations FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE loose_bookings t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER loose_bookings_owner_company BEFORE INSERT ON loose_bookings FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE tnt_events t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER tnt_events_owner_company BEFORE INSERT ON tnt_events FOR EACH ROW EXECUTE FUNCTION owner_company();
--> statement-breakpoint
UPDATE webhook_subscriptions t SET owner_company = u.company_key FROM users u WHERE u.id = t.owner;
--> statement-breakpoint
CREATE TRIGGER webhook_subscriptions_owner_company BEFORE INSERT ON webhook_subscriptions FOR EACH ROW EXECUTE FUNCTION owner_company();
