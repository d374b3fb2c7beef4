/** 尺码配比 in one cell or field: "S:2;M:4;L:2", as the sheets and the change history write it. */
import { bulkLimits } from '../packing/codes';
import type { SizeBreakdown } from '../packing/rules';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const SIZE_ENTRY = /^([^:：=]+?)\s*[:：=]\s*(\d+)$/;

/**
 * Reads "S:2;M:4;L:2" (also full-width ：；，, commas, new lines and "S=2"). Entries of 0 pieces are
 * dropped; a size may appear once. Sizes are checked against the size group by the caller.
 */
export function parseSizeBreakdown(text: string): ParseResult<SizeBreakdown> {
  const entries = text
    .split(/[;；,，\n]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return { ok: false, message: '尺码配比不能为空' };
  const breakdown: SizeBreakdown = {};
  for (const entry of entries) {
    const match = SIZE_ENTRY.exec(entry);
    if (!match) return { ok: false, message: `尺码配比“${entry}”格式应为 尺码:件数，如 S:2;M:4` };
    const [, size, qtyText] = match;
    if (size in breakdown) return { ok: false, message: `尺码 ${size} 重复` };
    const qty = Number(qtyText);
    if (qty > 0) breakdown[size] = qty;
  }
  if (Object.keys(breakdown).length === 0) return { ok: false, message: '尺码配比至少要有一个尺码的件数大于 0' };
  if (Object.keys(breakdown).length > bulkLimits.maxSizeEntries) {
    return { ok: false, message: `尺码配比最多 ${bulkLimits.maxSizeEntries} 个尺码` };
  }
  return { ok: true, value: breakdown };
}

/** "S:2;M:4;L:2", in the size group's order when given (sizes outside it follow). */
export function formatSizeBreakdown(sizeBreakdown: SizeBreakdown, sizeOrder: readonly string[] = []): string {
  const sizes = Object.keys(sizeBreakdown).filter((size) => sizeBreakdown[size] > 0);
  const ordered = [...sizeOrder.filter((size) => sizes.includes(size)), ...sizes.filter((size) => !sizeOrder.includes(size))];
  return ordered.map((size) => `${size}:${sizeBreakdown[size]}`).join(';');
}
