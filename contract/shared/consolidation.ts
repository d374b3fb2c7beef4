/**
 * 拼柜 (consolidation) rules as pure functions, without zod: what a container holds after a load, why a line
 * cannot be loaded into a box, and a first-fit-decreasing suggestion of boxes for goods waiting. The server checks
 * a load with them, the consolidation hall previews the same figures, and the mock answers with them.
 */
import { bulkStatusLabels, type BulkStatus, type InspectionResult } from '../packing/codes';
import { planStatusLabels, type PlanStatus } from '../plan/codes';
import { RuleError } from './ruleError';
import { containerTypes, type ContainerType, type Port } from '../setting/codes';

/** What a box takes: 容量 m³ and 载重 kg (the `containerCapacity` setting). */
export interface Capacity {
  cbm: number;
  payloadKg: number;
}

/** The figures of a line that fill a box: total volume m³ and total gross weight kg. */
export interface LoadFigures {
  cbm: number;
  totalGw: number;
}

/** Volumes are summed in litres and weights in grams, so that a box's figures never drift with the order of loads. */
const litres = (cbm: number) => Math.round(cbm * 1000);
const grams = (kg: number) => Math.round(kg * 1000);
/** The litres a box of `cbm` takes at `fillFactor`, never rounded up past it. */
const allowedLitres = (cbm: number, fillFactor: number) => Math.floor(cbm * fillFactor * 1000 + 1e-6);

/** A box's use after holding `lines`: used and allowed volume (capacity × fill factor) and weight, and whether it is over. */
/** How full a box is, as the bars show it: % of `limit` to one decimal, at most 100; 0 for a box without a limit. */
export const fillPercent = (used: number, limit: number) => (limit ? Math.min(100, Math.round((used / limit) * 1000) / 10) : 0);

export function containerFill(lines: readonly LoadFigures[], capacity: Capacity, fillFactor = 1) {
  const cbmUsed = lines.reduce((sum, line) => sum + litres(line.cbm), 0) / 1000;
  const weightUsed = lines.reduce((sum, line) => sum + grams(line.totalGw), 0) / 1000;
  const cbmLimit = allowedLitres(capacity.cbm, fillFactor) / 1000;
  return {
    cbmUsed,
    cbmLimit,
    weightUsed,
    payloadKg: capacity.payloadKg,
    overCbm: cbmUsed > cbmLimit,
    overWeight: weightUsed > capacity.payloadKg,
  };
}
export type ContainerFill = ReturnType<typeof containerFill>;

/** A waiting line as the load rules read it. */
export interface LoadCandidate extends LoadFigures {
  key: string;
  status: BulkStatus;
  inspectionResult: InspectionResult | null;
  destination: string;
}

/** The plan's port of discharge: its UN/LOCODE and the names a line's destination may give for it. */
export interface Discharge {
  code: string;
  names: readonly string[];
}

/** The plan's POD as a line's destination may name it: its code, Chinese and English names (the ports dictionary). */
export function dischargeOf(ports: readonly Port[], code: string): Discharge {
  const port = ports.find((p) => p.code === code);
  return { code, names: port ? [port.name, ...(port.enName ? [port.enName] : [])] : [] };
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The port a line's destination names (code, Chinese or English name, any case), or undefined. */
export const portOfDestination = (ports: readonly Port[], destination: string) =>
  ports.find((port) => [port.code, port.name, port.enName ?? ''].some((name) => sameText(name, destination)));

/** Why `line` cannot go into a box of a plan discharging at `pod` (whatever its room), or undefined. */
export function lineLoadRefusal(line: LoadCandidate, pod: Discharge): string | undefined {
  if (line.status !== 'pendingConsolidation') {
    return `明细 ${line.key} 当前为「${bulkStatusLabels[line.status]}」，只有待拼柜的明细可以装柜`;
  }
  if (line.inspectionResult !== 'pass') return `明细 ${line.key} 未通过验针，不能装柜`;
  if (![pod.code, ...pod.names].some((name) => sameText(name, line.destination))) {
    return `明细 ${line.key} 的目的地 ${line.destination} 与计划目的港 ${pod.code} 不符`;
  }
  return undefined;
}

/** Why a scanned carton's line cannot be chosen in the consolidation hall (拼柜 lines waiting there), or undefined. */
export function hallScanRefusal(carton: { type: string; status: BulkStatus; containerKey: string | null }): string | undefined {
  if (carton.type !== 'multi') return '是散货，请在散货大厅订舱';
  if (carton.status === 'allocated' && carton.containerKey) return `已装入柜 ${carton.containerKey}`;
  if (carton.status !== 'pendingConsolidation') return `当前为「${bulkStatusLabels[carton.status]}」，只有待拼柜的明细可以装柜`;
  return undefined;
}

/**
 * Refuses a load, all or nothing: 409 naming every line that cannot go (state, inspection, destination), else 422
 * naming the figure that the box would pass with them on top of what it holds.
 */
export function assertLoadable(
  lines: readonly LoadCandidate[],
  box: { label: string; held: readonly LoadFigures[]; capacity: Capacity; fillFactor: number; pod: Discharge },
): ContainerFill {
  const refusals = lines.map((line) => lineLoadRefusal(line, box.pod)).filter((refusal) => refusal !== undefined);
  if (refusals.length) throw new RuleError(409, 'NOT_LOADABLE', refusals.join('；'));
  const fill = containerFill([...box.held, ...lines], box.capacity, box.fillFactor);
  if (fill.overCbm) {
    throw new RuleError(422, 'OVER_CAPACITY', `装入后柜 ${box.label} 体积 ${fill.cbmUsed} m³，超过可装 ${fill.cbmLimit} m³`);
  }
  if (fill.overWeight) {
    throw new RuleError(422, 'OVER_PAYLOAD', `装入后柜 ${box.label} 毛重 ${fill.weightUsed} kg，超过载重 ${fill.payloadKg} kg`);
  }
  return fill;
}

/** Whether a plan in this state takes goods into its boxes: confirmed, or loading already. */
export const takesGoods = (status: PlanStatus) => status === 'CONFIRMED' || status === 'LOADING';

/** Refuses a load whose plan takes no goods (409 naming its state) or lines of another customer than the plan's. */
export function assertLoadInto(
  plan: { key: string; status: PlanStatus; owner: string },
  lines: readonly { key: string; owner: string }[],
): void {
  if (!takesGoods(plan.status)) {
    throw new RuleError(409, 'ILLEGAL_TRANSITION', `订舱计划 ${plan.key} 当前为「${planStatusLabels[plan.status]}」，不能装柜`);
  }
  const foreign = lines.find((line) => line.owner !== plan.owner);
  if (foreign) throw new RuleError(409, 'NOT_LOADABLE', `明细 ${foreign.key} 与订舱计划 ${plan.key} 不属于同一客户`);
}

/** Refuses a load into or out of a box that is on a bill of lading: its cargo is what the B/L says (409). */
export function assertBoxOpen(box: { key: string; containerNo: string | null; bolKey: string | null }): void {
  if (box.bolKey) {
    throw new RuleError(
      409,
      'CONTAINER_ON_BOL',
      `柜 ${box.containerNo ?? box.key} 已在提单 ${box.bolKey} 中，作废提单后才能装卸`,
    );
  }
}

/** Refuses to take out of a box lines that are in none (409 naming the first). */
export function assertUnloadable(lines: readonly { key: string; status: BulkStatus }[]): void {
  const outside = lines.find((line) => line.status !== 'allocated');
  if (outside)
    throw new RuleError(409, 'NOT_LOADED', `明细 ${outside.key} 当前为「${bulkStatusLabels[outside.status]}」，不在柜中`);
}

/** One suggested box: its type and what it would hold. */
export interface SuggestedBox {
  containerType: ContainerType;
  cbm: number;
  weight: number;
}

/**
 * Boxes for goods waiting, by first-fit decreasing: the largest volumes first, each into the first open box
 * (of the largest type) that still takes its volume and weight, a new box when none does; a part larger than a
 * box is shared over whole boxes first. Each box is then the smallest type that holds what it got.
 */
export function suggestContainers(
  goods: readonly LoadFigures[],
  capacities: Readonly<Record<ContainerType, Capacity>>,
  fillFactor = 1,
): SuggestedBox[] {
  if (!(fillFactor > 0 && fillFactor <= 1)) throw new RangeError(`fill factor ${fillFactor} is not in (0, 1]`);
  const limits = containerTypes
    .map((type) => ({ type, cbm: allowedLitres(capacities[type].cbm, fillFactor), grams: grams(capacities[type].payloadKg) }))
    .sort((a, b) => a.cbm - b.cbm || a.grams - b.grams);
  const largest = limits[limits.length - 1];
  const parts: { cbm: number; grams: number }[] = [];
  for (const { cbm, totalGw } of goods) {
    const total = { cbm: litres(cbm), grams: grams(totalGw) };
    // A line larger than the largest box fills whole boxes with equal shares of it first; the rest is one part.
    const share = Math.max(total.cbm / largest.cbm, total.grams / largest.grams);
    const perBox = {
      cbm: Math.min(largest.cbm, Math.floor(total.cbm / share)),
      grams: Math.min(largest.grams, Math.floor(total.grams / share)),
    };
    let rest = total;
    while (rest.cbm > largest.cbm || rest.grams > largest.grams) {
      parts.push(perBox);
      rest = { cbm: rest.cbm - perBox.cbm, grams: rest.grams - perBox.grams };
    }
    if (rest.cbm > 0 || rest.grams > 0) parts.push(rest);
  }
  const boxes: { cbm: number; grams: number }[] = [];
  for (const part of [...parts].sort((a, b) => b.cbm - a.cbm || b.grams - a.grams)) {
    const box = boxes.find((open) => open.cbm + part.cbm <= largest.cbm && open.grams + part.grams <= largest.grams);
    if (box) Object.assign(box, { cbm: box.cbm + part.cbm, grams: box.grams + part.grams });
    else boxes.push({ ...part });
  }
  return boxes.map((box) => ({
    containerType: (limits.find((limit) => box.cbm <= limit.cbm && box.grams <= limit.grams) ?? largest).type,
    cbm: box.cbm / 1000,
    weight: box.grams / 1000,
  }));
}

/** The mix of suggested boxes in words: `2 × 40HQ + 1 × 20GP`. */
export const boxMixText = (boxes: readonly SuggestedBox[]) =>
  containerTypes
    .map((type) => [type, boxes.filter((box) => box.containerType === type).length] as const)
    .filter(([, count]) => count > 0)
    .reverse()
    .map(([type, count]) => `${count} × ${type}`)
    .join(' + ') || '—';
