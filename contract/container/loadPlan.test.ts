import fc from 'fast-check';
import { loadPlanFigures, loadingSequence, planLoad, type LoadPlanBox, type LoadPlanLine } from './loadPlan';
import { loadPlacementProblems } from './loadPlanCheck';

const box40HQ: LoadPlanBox = { lengthMm: 12032, widthMm: 2352, heightMm: 2698, payloadKg: 26540 };

const line = (key: string, poNo: string, count: number, [l, w, h]: number[], kg: number, from = 1): LoadPlanLine => ({
  key,
  poNo,
  cartonFrom: from,
  cartonCount: count,
  ...{ lengthMm: l, widthMm: w, heightMm: h, gwPerCtnKg: kg },
});

const boxes = fc.record({
  lengthMm: fc.integer({ min: 800, max: 13556 }),
  widthMm: fc.integer({ min: 800, max: 2352 }),
  heightMm: fc.integer({ min: 800, max: 2698 }),
  payloadKg: fc.integer({ min: 200, max: 28000 }),
});
const lines = fc
  .array(
    fc.record({
      po: fc.integer({ min: 1, max: 4 }),
      count: fc.integer({ min: 1, max: 300 }),
      sides: fc.tuple(
        fc.integer({ min: 150, max: 1300 }),
        fc.integer({ min: 150, max: 1300 }),
        fc.integer({ min: 100, max: 1300 }),
      ),
      kg: fc.integer({ min: 1, max: 40000 }).map((grams) => grams / 1000),
      from: fc.integer({ min: 1, max: 5000 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((drawn) => drawn.map((d, i) => line(`L${i + 1}`, `PO${d.po}`, d.count, d.sides, d.kg, d.from)));

describe('planLoad, held to the checker', () => {
  it('places every carton inside, apart, supported, upright, under no lighter one, within payload, each once', () => {
    fc.assert(
      fc.property(boxes, lines, (box, drawn) => {
        const placement = planLoad(box, drawn);
        expect(loadPlacementProblems(box, drawn, placement)).toEqual([]);
        const figures = loadPlanFigures(box, placement);
        const total = drawn.reduce((sum, l) => sum + l.cartonCount, 0);
        expect(figures.cartonsPlaced + figures.cartonsLeft).toBe(total);
        expect(figures.volumeUsedPercent).toBeLessThanOrEqual(100);
        // A block's layer is the cartons under it: one on the floor is layer 0, one higher stands on others.
        for (const block of placement.blocks) expect(block.layer === 0).toBe(block.z === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each PO together in loading order: a later PO starts no deeper than an earlier PO’s last wall', () => {
    fc.assert(
      fc.property(boxes, lines, (box, drawn) => {
        const { blocks } = planLoad(box, drawn);
        const order = [...new Set(loadingSequence(drawn).map((l) => l.poNo))];
        const startsOf = (po: string) => blocks.filter((b) => b.poNo === po).map((b) => b.x);
        order.forEach((po, i) => {
          const lastWallBefore = Math.max(-1, ...order.slice(0, i).flatMap(startsOf));
          for (const x of startsOf(po)) expect(x).toBeGreaterThanOrEqual(lastWallBefore);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('fills a 40HQ with 1 500 cartons of 6 sizes, and names what is over the payload', () => {
    const sizes = [
      [500, 350, 250],
      [450, 350, 250],
      [480, 320, 240],
      [400, 300, 300],
      [520, 340, 200],
      [460, 300, 220],
    ];
    const load = sizes.map((sides, i) => line(`L${i + 1}`, `PO${(i % 3) + 1}`, 250, sides, 12 + i));
    const placement = planLoad(box40HQ, load);
    expect(loadPlacementProblems(box40HQ, load, placement)).toEqual([]);
    expect(placement.unplaced).toEqual([]);
    const figures = loadPlanFigures(box40HQ, placement);
    expect(figures.cartonsPlaced).toBe(1500);
    expect(figures.volumeUsedPercent).toBeGreaterThan(70);
    const heavy = planLoad({ ...box40HQ, payloadKg: 1000 }, load);
    expect(heavy.unplaced.some((part) => part.reason === 'payload')).toBe(true);
    expect(loadPlacementProblems({ ...box40HQ, payloadKg: 1000 }, load, heavy)).toEqual([]);
  });

  it('names a carton taller than the inside and a load that runs out of room', () => {
    const tall = line('T', 'PO1', 3, [500, 500, 3000], 5);
    expect(planLoad(box40HQ, [tall]).unplaced).toEqual([
      { lineKey: 'T', poNo: 'PO1', cartonFrom: 1, cartonTo: 3, cartons: 3, reason: 'size' },
    ]);
    const many = line('M', 'PO1', 3000, [600, 400, 400], 1);
    const { unplaced } = planLoad(box40HQ, [many]);
    expect(unplaced).toHaveLength(1);
    expect(unplaced[0]).toMatchObject({ reason: 'space', cartonTo: 3000 });
  });
});

describe('the checker', () => {
  const load = [line('A', 'PO1', 40, [600, 400, 400], 20), line('B', 'PO1', 30, [500, 400, 300], 10)];
  const placement = planLoad(box40HQ, load);

  it('passes the planner’s placement and fails one moved carton, a floating one, a lying one and a lost one', () => {
    expect(loadPlacementProblems(box40HQ, load, placement)).toEqual([]);
    const [first, ...rest] = placement.blocks;
    const moved = { ...placement, blocks: [{ ...first, x: first.x + 10 }, ...rest, { ...first, nx: 1, ny: 1, nz: 1 }] };
    expect(loadPlacementProblems(box40HQ, load, moved).join()).toMatch(/重叠/);
    const floating = { ...placement, blocks: [...rest, { ...first, z: first.z + 5 }] };
    expect(loadPlacementProblems(box40HQ, load, floating).join()).toMatch(/承托不足/);
    const lying = { ...placement, blocks: [{ ...first, heightMm: first.widthMm, widthMm: first.heightMm }, ...rest] };
    expect(loadPlacementProblems(box40HQ, load, lying).join()).toMatch(/只可水平转向/);
    expect(loadPlacementProblems(box40HQ, load, { ...placement, blocks: rest }).join()).toMatch(/既未装也未列出/);
    const outside = { ...placement, blocks: [{ ...first, x: box40HQ.lengthMm - 100 }, ...rest] };
    expect(loadPlacementProblems(box40HQ, load, outside).join()).toMatch(/超出柜内/);
  });

  it('fails a heavier carton on a lighter one and a load over the payload', () => {
    const light = line('L', 'PO1', 1, [600, 400, 400], 5);
    const heavy = line('H', 'PO1', 1, [600, 400, 400], 30);
    const stacked = {
      blocks: [
        { lineKey: 'L', poNo: 'PO1', x: 0, y: 0, z: 0, lengthMm: 600, widthMm: 400, heightMm: 400, nx: 1, ny: 1, nz: 1 },
        { lineKey: 'H', poNo: 'PO1', x: 0, y: 0, z: 400, lengthMm: 600, widthMm: 400, heightMm: 400, nx: 1, ny: 1, nz: 1 },
      ].map((block, i) => ({ ...block, layer: i, cartonFrom: 1, cartonTo: 1, gwPerCtnKg: i === 0 ? 5 : 30 })),
      unplaced: [],
    };
    expect(loadPlacementProblems(box40HQ, [light, heavy], stacked).join()).toMatch(/压在较轻的/);
    expect(loadPlacementProblems({ ...box40HQ, payloadKg: 20 }, [light, heavy], stacked).join()).toMatch(/超过载重/);
  });
});
