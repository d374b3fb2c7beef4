import type { BulkAuditEntry, BulkLine } from '@contract/packing/schema';
import {
  bulkFieldLabels,
  bulkStatusLabels,
  bulkTypeLabels,
  inspectionResultLabels,
  packTypeLabels,
  type BulkField,
} from '@contract/packing/codes';
import { sameSizeBreakdown, type SizeBreakdown } from '@contract/packing/rules';
import { formatSizeBreakdown } from '@contract/shared/sizeBreakdownText';

/** Bookkeeping fields every change touches; showing them would bury what changed. */
const bookkeeping = new Set<BulkField>(['version', 'updatedAt', 'createdAt', 'ownerName']);

export interface FieldChange {
  field: BulkField;
  label: string;
  before: string;
  after: string;
}

/** A field's value as the history shows it: labels for codes, "S:2;M:4" for the breakdown, — for nothing. */
export function displayValue(field: BulkField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field) {
    case 'type':
      return bulkTypeLabels[value as BulkLine['type']] ?? String(value);
    case 'status':
      return bulkStatusLabels[value as BulkLine['status']] ?? String(value);
    case 'packType':
      return packTypeLabels[value as BulkLine['packType']] ?? String(value);
    case 'inspectionResult':
      return inspectionResultLabels[value as 'pass' | 'fail'] ?? String(value);
    case 'sizeBreakdown':
      return formatSizeBreakdown(value as SizeBreakdown);
    default:
      return String(value);
  }
}

function sameValue(field: BulkField, a: unknown, b: unknown): boolean {
  // A breakdown's key order carries no meaning.
  if (field === 'sizeBreakdown' && a && b) return sameSizeBreakdown(a as SizeBreakdown, b as SizeBreakdown);
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The fields an audit entry changed, before → after, in the order of the field list. */
export function fieldChanges(entry: Pick<BulkAuditEntry, 'before' | 'after'>): FieldChange[] {
  if (!entry.before || !entry.after) return [];
  const before = entry.before as Record<string, unknown>;
  const after = entry.after as Record<string, unknown>;
  return (Object.keys(bulkFieldLabels) as BulkField[])
    .filter((field) => !bookkeeping.has(field) && (field in before || field in after))
    .filter((field) => !sameValue(field, before[field], after[field]))
    .map((field) => ({
      field,
      label: bulkFieldLabels[field],
      before: displayValue(field, before[field]),
      after: displayValue(field, after[field]),
    }));
}
