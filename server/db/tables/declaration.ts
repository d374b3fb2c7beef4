/** 报关交接: one customs declaration handover per booking order. */
import { index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  DeclarationDocument,
  DeclarationLine,
  DeclarationStatus,
  DocumentChecklist,
  TradeTerm,
} from '../../../contract/declaration/codes';
import { users } from './accounts';
import { osbOrders } from './booking';
import { keyed } from './columns';
import { ownedVersioned } from './owned';
import { storedFiles } from './files';

export const declarationKeySeq = pgSequence('declaration_key_seq', { startWith: 1, maxValue: 99_999_999 });

/** The documents received, the terms, the goods lines by HS code and the status; the owner is the plan's customer. */
export const declarations = pgTable(
  'customs_declarations',
  {
    key: keyed('CD', 'declaration_key_seq'),
    orderKey: text('order_key')
      .notNull()
      .references(() => osbOrders.key),
    planKey: text('plan_key').notNull(),
    carrierBookingNo: text('carrier_booking_no').notNull(),
    documents: jsonb('documents').notNull().$type<DocumentChecklist>(),
    contractNo: text('contract_no').notNull().default(''),
    invoiceNo: text('invoice_no').notNull().default(''),
    tradeTerm: text('trade_term').notNull().$type<TradeTerm>(),
    currency: text('currency').notNull(),
    broker: text('broker').notNull().default(''),
    lines: jsonb('lines').notNull().$type<DeclarationLine[]>(),
    status: text('status').notNull().$type<DeclarationStatus>(),
    handedAt: timestamp('handed_at', { withTimezone: true }),
    ...ownedVersioned(),
  },
  (t) => [
    uniqueIndex('customs_declarations_order_idx').on(t.orderKey),
    index('customs_declarations_created_idx').on(t.createdAt.desc().nullsFirst(), t.key),
    index('customs_declarations_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.key),
  ],
);

export type DeclarationRow = typeof declarations.$inferSelect;

/** A document's uploaded file, one per document of a handover (a new upload replaces it), kept in the database. */
export const declarationFiles = pgTable(
  'customs_declaration_files',
  {
    declarationKey: text('declaration_key')
      .notNull()
      .references(() => declarations.key),
    document: text('document').notNull().$type<DeclarationDocument>(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The bytes, in stored files (tables/files.ts). */
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.declarationKey, t.document] })],
);
