/**
 * Mock of 验针 (contract/inspection.ts) for `npm run dev`: the endpoint table through the generic helper, the
 * contract's rules (calibration window, sample sizes, figures), and the packing mock's lines, which a record moves.
 */
import { readsAll } from '../contract/access';
import { firstStale } from '../contract/common';
import {
  calibrationValid,
  inspectionAccess,
  inspectionEndpoints,
  inspectionProblems,
  lotRefusal,
  sampleSizeFor,
  uncalibratedMessage,
  type Calibration,
  type Inspection,
  type QueueGroup,
} from '../contract/inspection';
import type { User } from '../contract/user';
import { fail, findUser } from './_demo';
import { mockEndpoints, pageOf } from './_resource';
import { mockBulkLines as lines } from './packing';

const calibrations: Calibration[] = [];
const records: Inspection[] = [];
const nameOf = (id: string) => findUser(id)?.realName ?? '';
const mine = (user: User) => (row: { owner: string }) => readsAll(inspectionAccess, user.authority) || row.owner === user.id;

export default mockEndpoints(inspectionEndpoints, inspectionAccess, '验针记录不存在', {
  list: ({ user, query, res }) => {
    const rows = records
      .filter(mine(user))
      .filter(
        (r) =>
          (!query.poNo || r.poNo.toLowerCase().startsWith(query.poNo.toLowerCase())) &&
          (!query.result || r.result === query.result),
      )
      .filter((r) => !query.lineKey || r.lines.some((line) => line.key === query.lineKey))
      .sort((a, b) => a.result.localeCompare(b.result) || b.inspectedAt.localeCompare(a.inspectedAt));
    res.json(pageOf(rows, query));
  },
  queue: ({ user, query, res }) => {
    const groups = new Map<string, QueueGroup>();
    for (const line of lines.filter((l) => l.status === 'pendingInspection').filter(mine(user))) {
      if (query.poNo && !line.poNo.toLowerCase().startsWith(query.poNo.toLowerCase())) continue;
      const id = `${line.poNo}/${line.owner}`;
      const group = groups.get(id) ?? {
        poNo: line.poNo,
        owner: line.owner,
        ownerName: nameOf(line.owner),
        cartonCount: 0,
        totalQty: 0,
        failed: false,
        lines: [],
      };
      group.cartonCount += line.cartonCount;
      group.totalQty += line.totalQty;
      group.failed ||= line.inspectionResult === 'fail';
      group.lines.push(line);
      groups.set(id, group);
    }
    res.json(
      pageOf(
        [...groups.values()].filter((g) => !query.inspectionResult || g.failed),
        query,
      ),
    );
  },
  calibrations: ({ res }) => res.json(calibrations),
  calibrate: ({ user, body, res }) => {
    const calibration = { ...body, calibratedAt: new Date().toISOString(), calibratedByName: user.realName };
    calibrations.splice(0, calibrations.length, calibration, ...calibrations.filter((c) => c.detectorId !== body.detectorId));
    res.status(201).json(calibration);
  },
  get: ({ user, params, res }) => {
    const found = records.find((r) => r.key === params.key && mine(user)(r));
    return found ? res.json(found) : fail(res, 404, 'NOT_FOUND', '验针记录不存在');
  },
  create: ({ user, body, res }) => {
    const lot = body.lineKeys.map((key: string) => lines.find((line) => line.key === key));
    if (lot.some((line: unknown) => !line)) return fail(res, 404, 'NOT_FOUND', '装箱明细不存在');
    const [first] = lot;
    const refusal = lotRefusal(lot);
    if (refusal) {
      return fail(
        res,
        refusal.status,
        refusal.errorCode,
        refusal.message,
        refusal.field ? { [refusal.field]: refusal.message } : undefined,
      );
    }
    if (firstStale(lot, body.versions)) return fail(res, 409, 'VERSION_CONFLICT', '装箱明细已被他人修改，请刷新后重试');
    const lotQty = lot.reduce((sum: number, line: typeof first) => sum + line.totalQty, 0);
    const problems = inspectionProblems(body, { lotQty, ranges: lot });
    const calibration = calibrations.find((c) => c.detectorId === body.detectorId);
    if (!calibration || !calibrationValid(calibration.calibratedAt)) problems.detectorId = uncalibratedMessage(body.detectorId);
    if (Object.keys(problems).length) return fail(res, 422, 'VALIDATION_FAILED', Object.values(problems)[0], problems);
    const now = new Date().toISOString();
    const record: Inspection = {
      ...body,
      key: `NI${String(records.length + 1).padStart(8, '0')}`,
      poNo: first.poNo,
      lines: lot.map(({ key, cartonFrom, cartonTo, totalQty }: typeof first) => ({ key, cartonFrom, cartonTo, totalQty })),
      lotQty,
      sampleSize: sampleSizeFor(lotQty).sampleSize,
      sensitivityFeMm: calibration?.sensitivityFeMm ?? 1,
      calibratedAt: calibration?.calibratedAt ?? now,
      owner: first.owner,
      ownerName: nameOf(first.owner),
      inspector: user.id,
      inspectorName: user.realName,
      inspectedAt: now,
      version: 1,
      updatedAt: now,
    };
    records.push(record);
    for (const line of lot) {
      Object.assign(line, {
        status: body.result === 'pass' ? 'pendingConsolidation' : 'pendingInspection',
        inspectionResult: body.result,
        version: line.version + 1,
        updatedAt: now,
      });
    }
    return res.status(201).json(record);
  },
  update: ({ params, body, res }) => {
    const found = records.find((r) => r.key === params.key);
    if (!found) return fail(res, 404, 'NOT_FOUND', '验针记录不存在');
    if (found.version !== body.version)
      return fail(res, 409, 'VERSION_CONFLICT', `验针记录 ${found.key} 已被他人修改，请刷新后重试`);
    Object.assign(found, { remark: body.remark, version: found.version + 1, updatedAt: new Date().toISOString() });
    return res.json(found);
  },
});
