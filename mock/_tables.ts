/**
 * The mock's tables, each in the one store (mock/_store.ts) by its key prefix, so that every mock file works on the
 * same rows: the demo lines and their 验针 records are put in when the store first makes the tables; the booking
 * rows come from the demo scenario, played through the handlers on the first request (mock/_seed.ts).
 */
import { bulkAccess, type BulkLine } from '../contract/packing/schema';
import { bolAccess, type Bol } from '../contract/bol/schema';
import { containerAccess, type Container } from '../contract/container/schema';
import { declarationAccess, type Declaration } from '../contract/declaration/schema';
import { inspectionAccess, type Calibration, type Inspection } from '../contract/inspection/schema';
import { looseAccess, type LooseBooking } from '../contract/loose/schema';
import { orderAccess, type Order } from '../contract/order/schema';
import { planAccess, type Plan, type PlanChange } from '../contract/plan/schema';
import { settingDefaults, type SettingKey } from '../contract/setting/schema';
import type { TntSource } from '../contract/tnt/codes';
import type { TntEvent } from '../contract/tnt/schema';
import { demoAccountsWithLines, demoLineValues } from '../demo/bulkLines';
import { demoInspectionValues } from '../demo/inspections';
import type { OwnerNameField } from '../contract/shared/owners';
import { ownerNamesOf, users } from './_demo';
import { memoryTable } from './_resource';
import { shared } from './_store';
// The demo scenario registers itself with the store, to be played on the first request.
import './_seed';

export const bulkLines = memoryTable<BulkLine>({ label: '装箱明细', keyPrefix: 'BD', policy: bulkAccess });

export type PlanRow = Omit<Plan, OwnerNameField>;
export const plans = memoryTable<PlanRow>({ label: '订舱计划', keyPrefix: 'OP', policy: planAccess });

export type ChangeRow = Omit<PlanChange, 'requestedByName' | 'decidedByName'> & { createdAt: string; updatedAt: string };
export const planChanges = memoryTable<ChangeRow>({ label: '变更申请', keyPrefix: 'OC', policy: planAccess });

export type OrderRow = Pick<
  Order,
  | 'key'
  | 'planKey'
  | 'status'
  | 'carrierBookingNo'
  | 'vessel'
  | 'voyage'
  | 'etd'
  | 'eta'
  | 'siCutoff'
  | 'cyCutoff'
  | 'vgmCutoff'
  | 'reason'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
> & { owner: string; clerkName: string };
export const orders = memoryTable<OrderRow>({ label: '订舱单', keyPrefix: 'BO', policy: orderAccess });

export const containers = memoryTable<Container & { createdAt: string }>({
  label: '柜',
  keyPrefix: 'CT',
  policy: containerAccess,
});

export type BolRow = Omit<Bol, OwnerNameField>;
export const billsOfLading = memoryTable<BolRow>({ label: '提单', keyPrefix: 'BL', policy: bolAccess });

export type DeclarationRow = Omit<Declaration, OwnerNameField>;
export const declarations = memoryTable<DeclarationRow>({
  label: '报关交接',
  keyPrefix: 'CD',
  policy: declarationAccess,
});

export const inspections = memoryTable<Inspection & { createdAt: string }>({
  label: '验针记录',
  keyPrefix: 'NI',
  policy: inspectionAccess,
});

export type LooseRow = Omit<LooseBooking, OwnerNameField | 'needleCheckedByName' | 'cartonDifference'> & {
  needleCheckedBy: string | null;
};
export const looseBookings = memoryTable<LooseRow>({ label: '散货订舱', keyPrefix: 'LB', policy: looseAccess });

/** The settings by key, each with its version. */
export const settings = shared(
  'settings',
  () =>
    new Map(
      (Object.keys(settingDefaults) as SettingKey[]).map((key) => [
        key,
        { value: settingDefaults[key] as unknown, version: 1, updatedAt: new Date().toISOString(), updatedBy: 'system' },
      ]),
    ),
);
export const valueOf = <K extends SettingKey>(key: K) => settings.get(key)!.value as (typeof settingDefaults)[K];

/** The numbers of a plan's boxes that have one. */
export const containerNosOf = (planKey: string) =>
  containers.rows.filter((box) => box.planKey === planKey && box.containerNo).map((box) => box.containerNo as string);

/** The lines a container holds now. */
export const heldBy = (containerKey: string) => bulkLines.rows.filter((line) => line.containerKey === containerKey);

// As the server seeds them: an hour apart, newest last.
bulkLines.seedOnce(() => {
  const demo = users.flatMap((user) => (demoAccountsWithLines.includes(user.name) ? demoLineValues(user.name, user.id) : []));
  demo.forEach((values, i) =>
    bulkLines.insert(undefined, values, 'create', new Date(Date.now() - (demo.length - i) * 3_600_000).toISOString()),
  );
});

/** The detectors' latest calibrations (POST /v1/inspection/calibration replaces a detector's). */
export const calibrations = shared('calibrations', (): Calibration[] => []);

inspections.seedOnce(() => {
  const inspector = users.find((user) => user.name === 'inspector');
  if (!inspector) return;
  for (const user of users) {
    const lines = bulkLines.rows
      .filter((line) => line.owner === user.id)
      .sort((a, b) => a.poNo.localeCompare(b.poNo) || a.cartonFrom - b.cartonFrom)
      .map((line) => ({ ...line, updatedAt: new Date(line.updatedAt) }));
    for (const { calibratedAt, inspectedAt, lineKeys: _keys, ...values } of demoInspectionValues(lines)) {
      const at = inspectedAt.toISOString();
      const known = calibrations.find((calibration) => calibration.detectorId === values.detectorId);
      if (!known || known.calibratedAt < calibratedAt.toISOString()) {
        calibrations.splice(0, calibrations.length, ...calibrations.filter((c) => c !== known), {
          detectorId: values.detectorId,
          sensitivityFeMm: values.sensitivityFeMm,
          calibratedAt: calibratedAt.toISOString(),
          calibratedByName: inspector.realName,
        });
      }
      inspections.insert(
        undefined,
        {
          ...values,
          calibratedAt: calibratedAt.toISOString(),
          inspectedAt: at,
          ...ownerNamesOf(values.owner),
          inspector: inspector.id,
          inspectorName: inspector.realName,
        },
        'create',
        at,
      );
    }
  }
});

/** 货物跟踪: every event kept, in the order it came (`seq`), corrections marked as the server marks them. */
export interface TntRow {
  seq: number;
  planKey: string;
  owner: string;
  source: TntSource;
  createdByName: string;
  remark: string;
  supersededBy: string | null;
  event: TntEvent;
}
export const tntEvents = shared('tntEvents', (): TntRow[] => []);
