import fc from 'fast-check';
import {
  assertLoadable,
  boxMixText,
  containerFill,
  fillPercent,
  lineLoadRefusal,
  suggestContainers,
  type LoadCandidate,
} from './consolidation';
import { RuleError } from './ruleError';
import { containerTypes } from '../setting/codes';
import { settingDefaults } from '../setting/schema';

const capacities = settingDefaults.containerCapacity;
const pod = { code: 'USLAX', names: ['洛杉矶', 'Los Angeles'] };
const waiting = (key: string, cbm: number, totalGw: number, more: Partial<LoadCandidate> = {}): LoadCandidate => ({
  key,
  cbm,
  totalGw,
  status: 'pendingConsolidation',
  inspectionResult: 'pass',
  destination: 'Los Angeles',
  ...more,
});
const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleError) return [error.status, error.code, error.message];
    throw error;
  }
  return undefined;
};

describe('containerFill', () => {
  it('adds volumes and weights without floating-point drift, against capacity × fill factor', () => {
    const fill = containerFill([waiting('A', 0.1, 0.1), waiting('B', 0.2, 0.2)], capacities['40HQ'], 0.9);
    expect(fill).toEqual({
      cbmUsed: 0.3,
      cbmLimit: 61.2,
      weightUsed: 0.3,
      payloadKg: 26540,
      overCbm: false,
      overWeight: false,
    });
  });

  it('is over when either figure passes its limit, and not when it meets it exactly', () => {
    expect(containerFill([waiting('A', 28, 28180)], capacities['20GP'])).toMatchObject({ overCbm: false, overWeight: false });
    expect(containerFill([waiting('A', 28.001, 1)], capacities['20GP']).overCbm).toBe(true);
    expect(containerFill([waiting('A', 1, 28180.5)], capacities['20GP']).overWeight).toBe(true);
  });
});

describe('lineLoadRefusal', () => {
  it('takes a passed 待拼柜 line whose destination names the plan’s port by code or name, in any case', () => {
    for (const destination of ['Los Angeles', ' los angeles ', 'USLAX', '洛杉矶']) {
      expect(lineLoadRefusal(waiting('A', 1, 1, { destination }), pod)).toBeUndefined();
    }
  });

  it('names the state, the missing or failed inspection, and the other destination', () => {
    expect(lineLoadRefusal(waiting('A', 1, 1, { status: 'allocated' }), pod)).toBe(
      '明细 A 当前为「已配柜」，只有待拼柜的明细可以装柜',
    );
    expect(lineLoadRefusal(waiting('A', 1, 1, { inspectionResult: null }), pod)).toBe('明细 A 未通过验针，不能装柜');
    expect(lineLoadRefusal(waiting('A', 1, 1, { inspectionResult: 'fail' }), pod)).toBe('明细 A 未通过验针，不能装柜');
    expect(lineLoadRefusal(waiting('A', 1, 1, { destination: 'Hamburg' }), pod)).toBe(
      '明细 A 的目的地 Hamburg 与计划目的港 USLAX 不符',
    );
  });
});

describe('assertLoadable', () => {
  const box = { label: 'CT00000001', held: [waiting('H', 60, 20000)], capacity: capacities['40HQ'], fillFactor: 1, pod };

  it('answers the box’s figures with the lines on top of what it holds', () => {
    expect(assertLoadable([waiting('A', 8, 6540)], box)).toMatchObject({ cbmUsed: 68, weightUsed: 26540 });
  });

  it('refuses all or nothing: every line that cannot go is named in one 409', () => {
    const lines = [
      waiting('A', 1, 1),
      waiting('B', 1, 1, { status: 'pendingInspection' }),
      waiting('C', 1, 1, { destination: 'Sydney' }),
    ];
    expect(refusalOf(() => assertLoadable(lines, box))).toEqual([
      409,
      'NOT_LOADABLE',
      '明细 B 当前为「待验针」，只有待拼柜的明细可以装柜；明细 C 的目的地 Sydney 与计划目的港 USLAX 不符',
    ]);
  });

  it('refuses a load that would pass the box’s volume (with its fill factor) or its payload, naming the figure', () => {
    expect(refusalOf(() => assertLoadable([waiting('A', 8.001, 1)], box))).toEqual([
      422,
      'OVER_CAPACITY',
      '装入后柜 CT00000001 体积 68.001 m³，超过可装 68 m³',
    ]);
    expect(refusalOf(() => assertLoadable([waiting('A', 1, 1)], { ...box, fillFactor: 0.85 }))?.[2]).toBe(
      '装入后柜 CT00000001 体积 61 m³，超过可装 57.8 m³',
    );
    expect(refusalOf(() => assertLoadable([waiting('A', 1, 6541)], box))).toEqual([
      422,
      'OVER_PAYLOAD',
      '装入后柜 CT00000001 毛重 26541 kg，超过载重 26540 kg',
    ]);
  });
});

describe('suggestContainers', () => {
  const types = (boxes: ReturnType<typeof suggestContainers>) => boxes.map((box) => box.containerType);

  it('suggests the smallest box that holds small goods, and none for nothing', () => {
    expect(suggestContainers([], capacities)).toEqual([]);
    expect(suggestContainers([waiting('A', 10, 2000), waiting('B', 12, 3000)], capacities)).toEqual([
      { containerType: '20GP', cbm: 22, weight: 5000 },
    ]);
    expect(types(suggestContainers([waiting('A', 40, 9000), waiting('B', 25, 9000)], capacities))).toEqual(['40HQ']);
  });

  it('fills boxes largest first and shares a line larger than any box over whole boxes', () => {
    const boxes = suggestContainers([waiting('A', 160, 30000), waiting('B', 5, 1000)], capacities);
    expect(types(boxes)).toEqual(['45HQ', '45HQ', '20GP']);
    expect(boxMixText(boxes)).toBe('2 × 45HQ + 1 × 20GP');
  });

  it('keeps every box within its type’s volume and payload and conserves the goods (any goods)', () => {
    const goods = fc.array(
      fc.record({ cbm: fc.integer({ min: 0, max: 200_000 }), totalGw: fc.integer({ min: 0, max: 60_000_000 }) }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(goods, fc.constantFrom(1, 0.9, 0.75), (raw, fillFactor) => {
        const lines = raw.map(({ cbm, totalGw }) => ({ cbm: cbm / 1000, totalGw: totalGw / 1000 }));
        const boxes = suggestContainers(lines, capacities, fillFactor);
        const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 1000, 0));
        expect(sum(boxes.map((box) => box.cbm))).toBe(sum(lines.map((line) => line.cbm)));
        expect(sum(boxes.map((box) => box.weight))).toBe(sum(lines.map((line) => line.totalGw)));
        for (const box of boxes) {
          expect(containerTypes).toContain(box.containerType);
          expect(box.cbm).toBeLessThanOrEqual(capacities[box.containerType].cbm * fillFactor + 1e-9);
          expect(box.weight).toBeLessThanOrEqual(capacities[box.containerType].payloadKg);
        }
      }),
    );
  });
});

it('a fill is a percent of its limit to one decimal, at most 100, and 0 without a limit', () => {
  expect([fillPercent(1, 3), fillPercent(7, 5), fillPercent(0, 10), fillPercent(3, 0)]).toEqual([33.3, 100, 0, 0]);
});
