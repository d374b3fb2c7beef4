/** Seeded, read-only look-ups: factories, size groups, orders of the order system (GBS). */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** 工厂 (seeded lookup). */
export const factories = pgTable('factories', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull().default(''),
  city: text('city').notNull().default(''),
});

/** 尺码组: its sizes in display order (seeded lookup). */
export const sizeGroups = pgTable('size_groups', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sizes: text('sizes').array().notNull(),
});

/** Orders of the business unit's order system (GBS), read-only here; looked up by odg item number prefix. */
export const gbsOrders = pgTable(
  'gbs_orders',
  {
    id: text('id').primaryKey(),
    odgItemNo: text('odg_item_no').notNull(),
    poNo: text('po_no').notNull(),
    styleNo: text('style_no').notNull(),
    colour: text('colour').notNull(),
    buyer: text('buyer').notNull(),
    destination: text('destination').notNull(),
    orderQty: integer('order_qty').notNull(),
    sizeGroup: text('size_group').notNull(),
    exFactoryDate: date('ex_factory_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('gbs_orders_odg_item_no_prefix_idx').on(sql`lower(${t.odgItemNo}) text_pattern_ops`, t.poNo)],
);
