/** Number display of bulk lines: pieces as integers, weights up to 3 decimals, cbm with exactly 3. */
const integer = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
const weight = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });
const volume = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const side = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 });

export const formatQty = (value: number) => integer.format(value);
export const formatKg = (value: number) => weight.format(value);
export const formatCbm = (value: number) => volume.format(value);
export const formatCartonSize = (l: number, w: number, h: number) => `${side.format(l)} × ${side.format(w)} × ${side.format(h)}`;
export const formatCartonRange = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);
