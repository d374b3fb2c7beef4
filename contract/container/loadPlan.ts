/**
 * 装柜图: where every carton of a container's lines goes, computed by block building over guillotine spaces (the
 * wall-building family of George & Robinson, 1980, with blocks of identical cartons as in Eley, 2002). Chosen
 * because a line is hundreds of identical cartons: a block is a cuboid of them, so 1 500 cartons are a few dozen
 * blocks, and every space's floor is the container's floor or a block's whole top, which keeps each carton fully
 * supported without a support search. Pure and shared: the server answers it, the hall previews with it, the mock
 * answers from it; loadPlanCheck.ts checks any placement without trusting this file.
 *
 * Lengths are whole millimetres (a carton's sides are cm with one decimal), weights kg. x runs from the front wall
 * (0) to the doors, y across, z up. The first PO in the box's loading order goes deepest: it is unloaded last.
 */

/** A line as the planner takes it: its cartons, all alike. */
export interface LoadPlanLine {
  key: string;
  poNo: string;
  cartonFrom: number;
  cartonCount: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  gwPerCtnKg: number;
}

/** The container's inside and what it may carry. */
export interface LoadPlanBox {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  payloadKg: number;
}

/** nx × ny × nz cartons of one line, alike and turned alike, from (x, y, z); numbered along x, then y, then z. */
export interface PlacedBlock {
  lineKey: string;
  poNo: string;
  x: number;
  y: number;
  z: number;
  /** One carton's sides as placed: along the container, across, up. */
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  nx: number;
  ny: number;
  nz: number;
  /** How many cartons stand under its lowest ones: its first layer counted from the floor (0). */
  layer: number;
  cartonFrom: number;
  cartonTo: number;
  gwPerCtnKg: number;
}

export const unplacedReasons = {
  payload: '超出载重',
  space: '柜内空间不足',
  size: '纸箱大于柜内尺寸',
} as const;
export type UnplacedReason = keyof typeof unplacedReasons;

export interface UnplacedCartons {
  lineKey: string;
  poNo: string;
  cartonFrom: number;
  cartonTo: number;
  cartons: number;
  reason: UnplacedReason;
}

export interface LoadPlacement {
  blocks: PlacedBlock[];
  unplaced: UnplacedCartons[];
}

/**
 * A free cuboid; its floor carries cartons up to `floorKg` each (a lighter carton never bears a heavier one), and
 * `layer` cartons stand under it.
 */
interface Space {
  x: number;
  y: number;
  z: number;
  length: number;
  width: number;
  height: number;
  floorKg: number;
  layer: number;
}

/** The lines in loading order: each PO's lines together where its first line stood, heavier lines first. */
export function loadingSequence<T extends Pick<LoadPlanLine, 'poNo' | 'gwPerCtnKg'>>(lines: readonly T[]): T[] {
  const firstOf = new Map<string, number>();
  lines.forEach((line, i) => firstOf.set(line.poNo, firstOf.get(line.poNo) ?? i));
  return lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => firstOf.get(a.line.poNo)! - firstOf.get(b.line.poNo)! || b.line.gwPerCtnKg - a.line.gwPerCtnKg || a.i - b.i)
    .map(({ line }) => line);
}

/** The largest cuboid of at most `count` cartons of sides (l, w, h) that fits `space`, filled wall by wall. */
function blockIn(space: Space, l: number, w: number, h: number, count: number) {
  const nx = Math.floor(space.length / l);
  const ny = Math.floor(space.width / w);
  const nz = Math.floor(space.height / h);
  if (nx === 0 || ny === 0 || nz === 0) return undefined;
  const wall = ny * nz;
  if (count >= nx * wall) return { nx, ny, nz };
  if (count >= wall) return { nx: Math.floor(count / wall), ny, nz };
  if (count >= nz) return { nx: 1, ny: Math.floor(count / nz), nz };
  return { nx: 1, ny: 1, nz: count };
}

/** The nearest space to the front wall, then the lowest, then the leftmost, that takes such a carton. */
function bestBlock(spaces: readonly Space[], line: LoadPlanLine, count: number) {
  let best: { space: Space; l: number; w: number; nx: number; ny: number; nz: number } | undefined;
  for (const space of spaces) {
    if (space.floorKg < line.gwPerCtnKg) continue;
    if (best && (space.x > best.space.x || (space.x === best.space.x && space.z > best.space.z))) continue;
    if (best && space.x === best.space.x && space.z === best.space.z && space.y >= best.space.y) continue;
    const turns = [
      [line.lengthMm, line.widthMm],
      [line.widthMm, line.lengthMm],
    ];
    let chosen: typeof best;
    for (const [l, w] of turns) {
      const block = blockIn(space, l, w, line.heightMm, count);
      if (!block) continue;
      const n = block.nx * block.ny * block.nz;
      const chosenN = chosen ? chosen.nx * chosen.ny * chosen.nz : 0;
      // More cartons first; of equal counts the block that takes less of the container's length.
      if (!chosen || n > chosenN || (n === chosenN && block.nx * l < chosen.nx * chosen.l)) chosen = { space, l, w, ...block };
    }
    if (chosen) best = chosen;
  }
  return best;
}

/** Guillotine cut of a space by the block in its corner: what lies beyond it, beside it and above it. */
function cut(space: Space, blockLength: number, blockWidth: number, block: { height: number; nz: number; kg: number }): Space[] {
  const beyond = { ...space, x: space.x + blockLength, length: space.length - blockLength };
  const beside = { ...space, y: space.y + blockWidth, length: blockLength, width: space.width - blockWidth };
  const above = {
    ...space,
    z: space.z + block.height,
    length: blockLength,
    width: blockWidth,
    height: space.height - block.height,
    floorKg: Math.min(space.floorKg, block.kg),
    layer: space.layer + block.nz,
  };
  return [beyond, beside, above].filter((part) => part.length > 0 && part.width > 0 && part.height > 0);
}

const fitsInside = (box: LoadPlanBox, line: LoadPlanLine) =>
  line.heightMm <= box.heightMm &&
  ((line.lengthMm <= box.lengthMm && line.widthMm <= box.widthMm) ||
    (line.widthMm <= box.lengthMm && line.lengthMm <= box.widthMm));

/**
 * Places the cartons of `lines` (given in the box's loading order) in `box`. A PO that follows another may use only
 * the spaces at or beyond the previous PO's last wall, so that each PO's cartons stay together and the PO loaded
 * first comes out last. What does not fit is named by line with its carton numbers and why.
 */
export function planLoad(box: LoadPlanBox, lines: readonly LoadPlanLine[]): LoadPlacement {
  let spaces: Space[] = [
    { x: 0, y: 0, z: 0, length: box.lengthMm, width: box.widthMm, height: box.heightMm, floorKg: Infinity, layer: 0 },
  ];
  const blocks: PlacedBlock[] = [];
  const unplaced: UnplacedCartons[] = [];
  // Grams, so that a payload is never passed by a rounding of kilograms.
  const grams = (kg: number) => Math.round(kg * 1000);
  let loadedG = 0;
  let previousPo: string | undefined;
  let lastWallX = 0;
  for (const line of loadingSequence(lines)) {
    if (previousPo !== undefined && line.poNo !== previousPo) spaces = spaces.filter((space) => space.x >= lastWallX);
    previousPo = line.poNo;
    let next = line.cartonFrom;
    const end = line.cartonFrom + line.cartonCount;
    const leave = (reason: UnplacedReason, upTo = end) => {
      if (upTo > next) {
        unplaced.push({ lineKey: line.key, poNo: line.poNo, cartonFrom: next, cartonTo: upTo - 1, cartons: upTo - next, reason });
      }
      next = upTo;
    };
    if (!fitsInside(box, line)) leave('size');
    const perCarton = grams(line.gwPerCtnKg);
    const byWeight = perCarton > 0 ? Math.floor((grams(box.payloadKg) - loadedG) / perCarton) : Infinity;
    const weightEnd = Math.min(end, next + Math.max(0, byWeight));
    while (next < weightEnd) {
      const best = bestBlock(spaces, line, weightEnd - next);
      if (!best) break;
      const { space, l, w, nx, ny, nz } = best;
      const n = nx * ny * nz;
      blocks.push({
        lineKey: line.key,
        poNo: line.poNo,
        ...{ x: space.x, y: space.y, z: space.z },
        ...{ lengthMm: l, widthMm: w, heightMm: line.heightMm, nx, ny, nz, layer: space.layer },
        cartonFrom: next,
        cartonTo: next + n - 1,
        gwPerCtnKg: line.gwPerCtnKg,
      });
      next += n;
      loadedG += n * perCarton;
      lastWallX = Math.max(lastWallX, space.x);
      spaces = [
        ...spaces.filter((other) => other !== space),
        ...cut(space, nx * l, ny * w, { height: nz * line.heightMm, nz, kg: line.gwPerCtnKg }),
      ];
    }
    leave('space', weightEnd);
    leave('payload');
  }
  // The whole load moved to the middle across: the gap the walls leave is split between both sides.
  const right = Math.max(0, ...blocks.map((block) => block.y + block.ny * block.widthMm));
  const shift = Math.floor((box.widthMm - right) / 2);
  return { blocks: blocks.map((block) => ({ ...block, y: block.y + shift })), unplaced };
}

/** The layers of a placement, counted from the floor: 0 up to the tallest stack's height in cartons. */
export const layerCount = (blocks: readonly Pick<PlacedBlock, 'layer' | 'nz'>[]) =>
  Math.max(0, ...blocks.map((block) => block.layer + block.nz));

/** Whether a block has cartons in `layer` (counted from the floor). */
export const inLayer = (block: Pick<PlacedBlock, 'layer' | 'nz'>, layer: number) =>
  block.layer <= layer && layer < block.layer + block.nz;

/** The centre of gravity further than this from the middle, along or across, is warned of. */
export const balanceLimitPercent = 10;

export interface LoadPlanFigures {
  cartonsPlaced: number;
  cartonsLeft: number;
  /** The placed cartons' volume, % of the inside's. */
  volumeUsedPercent: number;
  placedKg: number;
  /** The centre of gravity's distance from the middle, % of the inside's length (+ towards the doors) and width. */
  balanceAlongPercent: number;
  balanceAcrossPercent: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** What a placement comes to: volume used, weight and balance (a block's weight acts at its middle). */
export function loadPlanFigures(box: LoadPlanBox, placement: LoadPlacement): LoadPlanFigures {
  let volume = 0;
  let kg = 0;
  let momentX = 0;
  let momentY = 0;
  let cartons = 0;
  for (const block of placement.blocks) {
    const n = block.nx * block.ny * block.nz;
    const blockKg = n * block.gwPerCtnKg;
    cartons += n;
    volume += n * block.lengthMm * block.widthMm * block.heightMm;
    kg += blockKg;
    momentX += blockKg * (block.x + (block.nx * block.lengthMm) / 2);
    momentY += blockKg * (block.y + (block.ny * block.widthMm) / 2);
  }
  const offset = (moment: number, side: number) => (kg > 0 ? oneDecimal(((moment / kg - side / 2) / side) * 100) : 0);
  return {
    cartonsPlaced: cartons,
    cartonsLeft: placement.unplaced.reduce((sum, part) => sum + part.cartons, 0),
    volumeUsedPercent: oneDecimal((volume / (box.lengthMm * box.widthMm * box.heightMm)) * 100),
    placedKg: Math.round(kg * 100) / 100,
    balanceAlongPercent: offset(momentX, box.lengthMm),
    balanceAcrossPercent: offset(momentY, box.widthMm),
  };
}
