/** 验针: inspection records and detector calibrations. */
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InspectionResult } from '../../../contract/packing/codes';
import type { Fragment, InspectedLine, InspectionMode } from '../../../contract/inspection/schema';
import { users } from './accounts';
import { owner, ownerCompany } from './owned';

/** Keys of needle inspections, NI00000001…. */
export const inspectionKeySeq = pgSequence('inspection_key_seq', { startWith: 1, maxValue: 99_999_999 });

/**
 * 验针记录: one lot (lines of one customer's PO) through one detector. The lot's lines are kept as they were
 * (`lines`), with their keys beside them for the "inspections of this line" look-up; the detector's calibration
 * is copied in, since the record must show what it was measured against.
 */
export const inspections = pgTable(
  'inspections',
  {
    key: text('key')
      .primaryKey()
      .default(sql`'NI' || lpad(nextval('inspection_key_seq')::text, 8, '0')`),
    poNo: text('po_no').notNull(),
    lineKeys: text('line_keys').array().notNull(),
    lines: jsonb('lines').notNull().$type<InspectedLine[]>(),
    lotQty: integer('lot_qty').notNull(),
    mode: text('mode').notNull().$type<InspectionMode>(),
    sampleSize: integer('sample_size').notNull(),
    detectorId: text('detector_id').notNull(),
    sensitivityFeMm: doublePrecision('sensitivity_fe_mm').notNull(),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull(),
    inspectedQty: integer('inspected_qty').notNull(),
    passedQty: integer('passed_qty').notNull(),
    alarmQty: integer('alarm_qty').notNull(),
    fragments: jsonb('fragments').notNull().$type<Fragment[]>(),
    result: text('result').notNull().$type<InspectionResult>(),
    remark: text('remark').notNull().default(''),
    /** The lines' owner and company: the customers who see this record. */
    owner: owner(),
    ownerCompany: ownerCompany(),
    inspector: uuid('inspector')
      .notNull()
      .references(() => users.id),
    inspectedAt: timestamp('inspected_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inspections_result_at_idx').on(t.result, t.inspectedAt.desc().nullsFirst(), t.key),
    index('inspections_company_result_at_idx').on(t.ownerCompany, t.result, t.inspectedAt.desc().nullsFirst(), t.key),
    index('inspections_line_keys_idx').using('gin', t.lineKeys),
    index('inspections_po_prefix_idx').on(sql`lower(${t.poNo}) text_pattern_ops`),
  ],
);

/** 校准: a detector found the Fe test piece; an inspection needs one within the last hour. Append-only. */
export const detectorCalibrations = pgTable(
  'detector_calibrations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    detectorId: text('detector_id').notNull(),
    sensitivityFeMm: doublePrecision('sensitivity_fe_mm').notNull(),
    calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull().defaultNow(),
    calibratedBy: uuid('calibrated_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [index('detector_calibrations_detector_at_idx').on(t.detectorId, t.calibratedAt.desc().nullsFirst())],
);
