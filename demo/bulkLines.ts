/**
 * The demo lines (装箱明细): some 30 lines for `user` and a few for `user2` over the demo orders, in every
 * status. Plain data and a pure builder, so that the server's demo seed and the umi mock show the same lines.
 */
import type { BulkStatus, BulkType, InspectionResult, PackType } from '../contract/packing/codes';
import { computeBulkTotals, type SizeBreakdown } from '../contract/packing/rules';
import type { GbsOrder } from '../contract/lookup/schema';
import { demoGbsOrders } from './lookups';

interface Carton {
  nwPerCtn: number;
  gwPerCtn: number;
  ctnL: number;
  ctnW: number;
  ctnH: number;
}

/** A run of lines of one order: `cartons` each, numbered on from `firstCarton`, one status per line. */
interface DemoLot {
  order: string;
  type: BulkType;
  factoryCode: string;
  sizeBreakdown: SizeBreakdown;
  packType: PackType;
  carton: Carton;
  firstCarton: number;
  cartons: number;
  states: (BulkStatus | 'failed')[];
}

export const tee: Carton = { nwPerCtn: 8.4, gwPerCtn: 9.2, ctnL: 60, ctnW: 40, ctnH: 35 };
export const shoe: Carton = { nwPerCtn: 7.25, gwPerCtn: 8.1, ctnL: 55, ctnW: 38, ctnH: 27 };

/** `user`: 30 lines over three POs in every status; `user2`: 5 lines of two other POs. */
const demoLots: Record<string, DemoLot[]> = {
  user: [
    {
      order: 'G1001',
      type: 'multi',
      factoryCode: 'F01',
      sizeBreakdown: { S: 4, M: 8, L: 8, XL: 4 },
      packType: 'SCAS',
      carton: tee,
      firstCarton: 1,
      cartons: 20,
      states: [
        'shipped',
        'shipped',
        'allocated',
        'allocated',
        'pendingConsolidation',
        'pendingConsolidation',
        'pendingInspection',
        'pendingInspection',
      ],
    },
    {
      order: 'G1002',
      type: 'multi',
      factoryCode: 'F01',
      sizeBreakdown: { M: 24 },
      packType: 'SCSS',
      carton: tee,
      firstCarton: 161,
      cartons: 15,
      states: [
        'pendingConsolidation',
        'pendingConsolidation',
        'pendingInspection',
        'pendingInspection',
        'pendingInspection',
        'failed',
      ],
    },
    {
      order: 'G1003',
      type: 'multi',
      factoryCode: 'F02',
      sizeBreakdown: { '40': 2, '41': 3, '42': 3, '43': 2 },
      packType: 'SCAS',
      carton: shoe,
      firstCarton: 1,
      cartons: 30,
      states: [
        'allocated',
        'allocated',
        'allocated',
        'pendingConsolidation',
        'pendingConsolidation',
        'pendingConsolidation',
        'pendingInspection',
        'pendingInspection',
      ],
    },
    {
      order: 'G1003',
      type: 'single',
      factoryCode: 'F02',
      sizeBreakdown: { '44': 10 },
      packType: 'SCSS',
      carton: shoe,
      firstCarton: 241,
      cartons: 15,
      states: ['pendingInspection', 'pendingInspection'],
    },
    {
      order: 'G1005',
      type: 'single',
      factoryCode: 'F03',
      sizeBreakdown: { '100': 3, '110': 3, '120': 3, '130': 3 },
      packType: 'ACAS',
      carton: { nwPerCtn: 6.125, gwPerCtn: 6.9, ctnL: 58.5, ctnW: 38.5, ctnH: 30.5 },
      firstCarton: 1,
      cartons: 25,
      states: ['shipped', 'shipped', 'shipped', 'pendingConsolidation', 'pendingConsolidation', 'pendingInspection'],
    },
  ],
  user2: [
    {
      order: 'G1004',
      type: 'multi',
      factoryCode: 'F04',
      sizeBreakdown: { '165/84A': 6, '170/88A': 12, '175/92A': 6 },
      packType: 'SCAS',
      carton: { nwPerCtn: 9, gwPerCtn: 9.8, ctnL: 62, ctnW: 42, ctnH: 36 },
      firstCarton: 1,
      cartons: 40,
      states: ['pendingConsolidation', 'pendingInspection', 'pendingInspection'],
    },
    {
      order: 'G1006',
      type: 'single',
      factoryCode: 'F01',
      sizeBreakdown: { M: 6, L: 6 },
      packType: 'SCAS',
      carton: { nwPerCtn: 11.5, gwPerCtn: 12.4, ctnL: 70, ctnW: 50, ctnH: 40 },
      firstCarton: 1,
      cartons: 15,
      states: ['pendingInspection', 'pendingInspection'],
    },
  ],
};

const inspectionOf = (state: BulkStatus | 'failed'): { status: BulkStatus; inspectionResult: InspectionResult | null } =>
  state === 'failed'
    ? { status: 'pendingInspection', inspectionResult: 'fail' }
    : { status: state, inspectionResult: state === 'pendingInspection' ? null : 'pass' };

/** The accounts that have demo lines. */
export const demoAccountsWithLines = Object.keys(demoLots);

/** The demo lines of an account (by name) as the values of new rows owned by `ownerId`, oldest first. */
export function demoLineValues(accountName: string, ownerId: string) {
  const orders = new Map(demoGbsOrders.map((order) => [order.id, order]));
  return (demoLots[accountName] ?? []).flatMap((lot) => {
    const order = orders.get(lot.order) as GbsOrder;
    return lot.states.map((state, i) => {
      const range = { cartonFrom: lot.firstCarton + i * lot.cartons, cartonTo: lot.firstCarton + (i + 1) * lot.cartons - 1 };
      const figures = { sizeBreakdown: lot.sizeBreakdown, ...lot.carton, ...range };
      return {
        type: lot.type,
        odgItemNo: order.odgItemNo,
        poNo: order.poNo,
        styleNo: order.styleNo,
        colour: order.colour,
        factoryCode: lot.factoryCode,
        sizeGroup: order.sizeGroup,
        packType: lot.packType,
        ...figures,
        ...computeBulkTotals(figures),
        destination: order.destination,
        exFactoryDate: order.exFactoryDate,
        ...inspectionOf(state),
        planKey: null,
        containerKey: null,
        owner: ownerId,
      };
    });
  });
}
