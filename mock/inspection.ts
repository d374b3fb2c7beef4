/**
 * Mock of 验针 (contract/inspection/schema.ts) for `npm run dev`: the endpoint table through the generic helper, the
 * contract's rules (one lot, calibration window, sample sizes, figures), and the packing mock's lines, which a
 * record moves (versioned and audited in that table).
 */
import groupBy from 'lodash/groupBy';
import sumBy from 'lodash/sumBy';
import { readsAll } from '../contract/shared/access';
import {
  inspectionAccess,
  inspectionEndpoints,
  inspectionListFilters,
  recordedLot,
  type QueueGroup,
} from '../contract/inspection/schema';
import type { User } from '../contract/user/schema';
import { findUser, ownerNamesOf } from './_demo';
import { filterRows, mockEndpoints, ownsRow, pageOf, type MockInput } from './_resource';
import { inspectionExport } from '../contract/shared/exports/lists';
import { exportOf } from './_files';
import { bulkLines as lineTable, calibrations, inspections as records } from './_tables';

const nameOf = (id: string) => findUser(id)?.realName ?? '';
/** A record as the API answers it (the table's own `createdAt` is not part of it). */
const shown = ({ createdAt: _createdAt, ...record }: (typeof records.rows)[number]) => record;
const mine = (user: User) => (row: { owner: string }) => readsAll(inspectionAccess, user.authority) || ownsRow(user, row.owner);

const inspectionList = ({ user, query }: MockInput) => {
  const rows = filterRows(records.visible(user), query, inspectionListFilters)
    .filter((r) => !query.lineKey || r.lines.some((line) => line.key === query.lineKey))
    .sort((a, b) => a.result.localeCompare(b.result) || b.inspectedAt.localeCompare(a.inspectedAt));
  return pageOf(rows.map(shown), query);
};

export default mockEndpoints(inspectionEndpoints, inspectionAccess, '验针记录不存在', {
  list: inspectionList,
  export: exportOf(inspectionExport, inspectionList),
  queue: ({ user, query }) => {
    const waiting = lineTable.rows.filter((line) => line.status === 'pendingInspection').filter(mine(user));
    const lots = groupBy(filterRows(waiting, query, { poNo: ['poNo', 'prefix'] }), (line) => `${line.poNo}/${line.owner}`);
    const groups = Object.values(lots).map((lines): QueueGroup => ({
      ...{ poNo: lines[0].poNo, owner: lines[0].owner, ownerName: nameOf(lines[0].owner), lines },
      ...{ cartonCount: sumBy(lines, 'cartonCount'), totalQty: sumBy(lines, 'totalQty') },
      failed: lines.some((line) => line.inspectionResult === 'fail'),
    }));
    return pageOf(
      groups.filter((group) => !query.inspectionResult || group.failed),
      query,
    );
  },
  calibrations: () => calibrations,
  calibrate: ({ user, body }) => {
    const calibration = { ...body, calibratedAt: new Date().toISOString(), calibratedByName: user.realName };
    calibrations.splice(0, calibrations.length, calibration, ...calibrations.filter((c) => c.detectorId !== body.detectorId));
    return calibration;
  },
  get: ({ user, params }) => shown(records.find(user, [params.key], 'read')[0]),
  create: ({ user, body }) => {
    const lines = lineTable.find(user, body.lineKeys, 'change', inspectionAccess);
    lineTable.assertVersions(lines, body.versions);
    const lot = recordedLot(
      lines,
      body,
      calibrations.find((c) => c.detectorId === body.detectorId),
    );
    const { lineKeys: _lineKeys, versions: _versions, ...figures } = body;
    const { lineKeys: _lotKeys, ...recorded } = lot;
    const record = records.insert(user, {
      ...figures,
      ...recorded,
      ...{ ...ownerNamesOf(lot.owner), inspector: user.id, inspectorName: user.realName },
      inspectedAt: new Date().toISOString(),
    });
    const status = body.result === 'pass' ? 'pendingConsolidation' : 'pendingInspection';
    lines.forEach((line) => lineTable.change(user, line, { ...line, status, inspectionResult: body.result }, 'inspect'));
    return shown(record);
  },
  update: ({ user, params, body }) => {
    const [record] = records.find(user, [params.key]);
    records.assertVersions([record], { [params.key]: body.version });
    return shown(records.change(user, record, { ...record, remark: body.remark }));
  },
});
