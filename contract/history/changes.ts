/**
 * An audit entry as the history shows it: the fields it changed, each with its Chinese label and its values before
 * and after in words (codes as their labels, documents as ticks, times as the clerk reads them). Pure, so that the
 * server and the mock answer alike.
 */
import { bolFieldLabels, bolStatusLabels, bolTypeLabels, freightTermLabels, releaseTypeLabels } from '../bol/codes';
import {
  bulkAuditActionLabels,
  bulkFieldLabels,
  bulkStatusLabels,
  bulkTypeLabels,
  inspectionResultLabels,
  packTypeLabels,
  type BulkAuditAction,
} from '../packing/codes';
import { containerFieldLabels } from '../container/codes';
import { declarationDocumentLabels, declarationFieldLabels, declarationStatusLabels } from '../declaration/codes';
import { fragmentsText, inspectionFieldLabels, inspectionModeLabels } from '../inspection/codes';
import { handoverDocumentLabels, handoverStatusLabels, looseFieldLabels, looseStatusLabels } from '../loose/codes';
import { orderFieldLabels, orderStatusLabels } from '../order/codes';
import { planFieldLabels, planStatusLabels } from '../plan/codes';
import type { SizeBreakdown } from '../packing/rules';
import { formatSizeBreakdown } from '../shared/sizeBreakdownText';
import type { HistoryChange, HistoryEntity, HistoryEntry } from './codes';

type Words = (value: unknown) => string;
const labelled =
  (labels: Record<string, string>): Words =>
  (value) =>
    labels[String(value)] ?? String(value);
/** A checklist of documents: `合同 ✓、发票 ✗`. */
const checklist =
  (labels: Record<string, string>): Words =>
  (value) =>
    Object.entries(value as Record<string, boolean>)
      .map(([document, present]) => `${labels[document] ?? document} ${present ? '✓' : '✗'}`)
      .join('、');

/** A declaration's goods, a line each with its fields' labels (the history shows them as rows, not as JSON). */
const goodsLines: Words = (value) =>
  (value as { hsCode: string; name: string; qty: number; unit: string; unitPrice: number; totalPrice?: number }[])
    .map(
      (line) =>
        `商品编号 ${line.hsCode} · 商品名称 ${line.name} · 数量 ${line.qty} ${line.unit} · 单价 ${line.unitPrice}` +
        (line.totalPrice === undefined ? '' : ` · 总价 ${line.totalPrice}`),
    )
    .join('\n') || '—';

/** A party of a B/L: its name and address on one line. */
const party: Words = (value) => {
  const { name, address } = value as { name: string; address: readonly string[] };
  return [name, ...address].join('，');
};

interface Source {
  labels: Record<string, string>;
  /** Fields whose values read better in words than as stored. */
  words?: Record<string, Words>;
}

/** Per entity: the labels of the fields the history shows, and how some of their values read. */
const sources: Record<HistoryEntity, Source> = {
  packing: {
    labels: bulkFieldLabels,
    words: {
      type: labelled(bulkTypeLabels),
      status: labelled(bulkStatusLabels),
      packType: labelled(packTypeLabels),
      inspectionResult: labelled(inspectionResultLabels),
      sizeBreakdown: (value) => formatSizeBreakdown(value as SizeBreakdown),
    },
  },
  plan: {
    labels: planFieldLabels,
    words: {
      status: labelled(planStatusLabels),
      // The price locked on the plan: what it costs a box, whose sailing of which day.
      priceSnapshot: (value) => {
        const price = value as { currency: string; amount: number; carrier: string; sailingDate: string };
        return `${price.currency} ${price.amount.toLocaleString('en-US')} / 柜（${price.carrier} ${price.sailingDate}）`;
      },
    },
  },
  order: { labels: orderFieldLabels, words: { status: labelled(orderStatusLabels) } },
  container: { labels: containerFieldLabels },
  bol: {
    labels: bolFieldLabels,
    words: {
      shipper: party,
      consignee: party,
      notifyParty: party,
      containers: (value) =>
        (value as { containerNo: string | null; containerKey: string }[])
          .map((box) => box.containerNo ?? box.containerKey)
          .join('、'),
      status: labelled(bolStatusLabels),
      type: labelled(bolTypeLabels),
      releaseType: labelled(releaseTypeLabels),
      freightTerm: labelled(freightTermLabels),
    },
  },
  declaration: {
    labels: declarationFieldLabels,
    words: {
      status: labelled(declarationStatusLabels),
      documents: checklist(declarationDocumentLabels),
      lines: goodsLines,
    },
  },
  looseBooking: {
    labels: looseFieldLabels,
    words: { status: labelled(looseStatusLabels), documents: checklist(handoverDocumentLabels) },
  },
  handover: {
    labels: looseFieldLabels,
    words: { status: labelled(handoverStatusLabels), documents: checklist(handoverDocumentLabels) },
  },
  inspection: {
    labels: inspectionFieldLabels,
    words: {
      mode: labelled(inspectionModeLabels),
      result: labelled(inspectionResultLabels),
      fragments: (value) => fragmentsText(value as Parameters<typeof fragmentsText>[0]),
    },
  },
};

/** Fields every change touches, or that only name the row: showing them would bury what changed. */
const bookkeeping = new Set(['key', 'version', 'createdAt', 'updatedAt', 'ownerName', 'ownerCompanyName']);

/**
 * A value as the history shows it: — for nothing, 是 / 否, lists and codes in words. A time stays ISO 8601, as every
 * time of the API: the page shows it in the reader's zone, as it shows the entry's own time.
 */
export function historyValueText(value: unknown, words?: Words): string {
  if (value === null || value === undefined || value === '') return '—';
  if (words) return words(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) return value.join('、');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The fields an entry of `entity` changed, before → after, in the order of the entity's field labels. */
export function historyChanges(entity: HistoryEntity, before: unknown, after: unknown): HistoryChange[] {
  const { labels, words = {} } = sources[entity];
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  return (
    Object.keys(labels)
      .filter((field) => !bookkeeping.has(field) && (field in from || field in to))
      .map((field) => ({
        field,
        label: labels[field],
        before: historyValueText(from[field], words[field]),
        after: historyValueText(to[field], words[field]),
      }))
      // What reads the same did not change for the reader (nothing and an empty text are both —).
      .filter((change) => change.before !== change.after)
  );
}

/** What an entry did, in words: its named action, else 新建 / 删除 / 修改 by what it holds. */
export function historyActionText(action: string | null, before: unknown, after: unknown): string {
  if (action && action !== 'update') return bulkAuditActionLabels[action as BulkAuditAction] ?? action;
  if (before == null) return '新建';
  if (after == null) return '删除';
  return '修改';
}

/** An audit entry of `entity`, as the history answers it. */
export const historyEntry = (
  entity: HistoryEntity,
  entry: {
    id: string;
    at: string;
    action: string | null;
    actorName: string;
    before: unknown;
    after: unknown;
    relatedKeys?: string[];
  },
): HistoryEntry => ({
  id: entry.id,
  at: entry.at,
  action: historyActionText(entry.action, entry.before, entry.after),
  actorName: entry.actorName,
  changes: historyChanges(entity, entry.before, entry.after),
  relatedKeys: entry.relatedKeys ?? [],
});
