const integer = new Intl.NumberFormat('zh-CN');

/**
 * What the pager says about the total: exact counts as 共 N 条; a clerk-wide count that stopped at its cap as
 * 超过 N 条; an estimate as 约 N 条.
 */
export function totalText(total: number, totalIsEstimate?: boolean, totalCap?: number): string {
  if (!totalIsEstimate) return `共 ${integer.format(total)} 条`;
  if (totalCap !== undefined && total >= totalCap) return `超过 ${integer.format(totalCap)} 条`;
  return `约 ${integer.format(total)} 条`;
}
