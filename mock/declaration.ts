/** Mock of 报关交接 for `npm run dev`: handovers of the mock's booked orders, with the contract's rules. */
import {
  assertDeclarationMove,
  declarationElementRows,
  declarationElementsFileName,
  declarationAccess,
  declarationEndpoints,
  declarationStatusLabels,
  emptyChecklist,
  handoverProblems,
  lineTotal,
  linesFromPacking,
  type Declaration,
  type DeclarationLine,
} from '../contract/declaration';
import { assertNoProblems } from '../contract/ruleError';
import { findUser } from './_demo';
import { filterRows, memoryTable, mockEndpoints, pageOf, refuse } from './_resource';
import { orders, plans } from './booking';
import { sendXlsx } from './_files';
import { bulkLineTable } from './packing';

type Row = Omit<Declaration, 'ownerName'>;
const declarations = memoryTable<Row>({ label: '报关交接', keyPrefix: 'CD', policy: declarationAccess });
const named = (row: Row): Declaration => ({ ...row, ownerName: findUser(row.owner)?.realName ?? '' });

export default mockEndpoints(declarationEndpoints, declarationAccess, '报关交接不存在', {
  list: ({ user, query }) =>
    pageOf(
      filterRows(declarations.visible(user), query, {
        key: ['key', 'prefix'],
        orderKey: ['orderKey', 'equal'],
        status: ['status', 'equal'],
      }).map(named),
      query,
      'createdAt:descend',
    ),
  get: ({ user, params }) => {
    const [row] = declarations.find(user, [params.key], 'read');
    const history = declarations.statusHistory<Declaration['status']>(row.key);
    return { ...named(row), history };
  },
  elements: ({ user, params, res }) => {
    const [row] = declarations.find(user, [params.key], 'read');
    return sendXlsx(res, declarationElementsFileName(row.key), declarationElementRows(row));
  },
  create: ({ user, body }) => {
    const order = orders.rows.find((candidate) => candidate.key === body.orderKey);
    if (!order) throw refuse(404, 'NOT_FOUND', '订舱单不存在');
    if (!['BOOKED', 'RELEASED', 'SHIPPED'].includes(order.status)) {
      throw refuse(409, 'NOT_BOOKED', `订舱单 ${order.key} 尚未订舱，不能建报关交接`);
    }
    const taken = declarations.rows.find((row) => row.orderKey === order.key);
    if (taken) throw refuse(409, 'DECLARATION_EXISTS', `订舱单 ${order.key} 已有报关交接 ${taken.key}`);
    const plan = plans.rows.find((candidate) => candidate.key === order.planKey)!;
    const packed = bulkLineTable.rows.filter((line) => line.planKey === plan.key);
    return named(
      declarations.insert(user, {
        orderKey: order.key,
        planKey: plan.key,
        carrierBookingNo: order.carrierBookingNo,
        documents: emptyChecklist(),
        contractNo: '',
        invoiceNo: '',
        tradeTerm: 'FOB',
        currency: plan.priceSnapshot.currency,
        broker: '',
        lines: linesFromPacking(packed),
        status: 'PENDING',
        handedAt: null,
        owner: plan.owner,
      }),
    );
  },
  update: ({ user, params, body: { version, status, lines, ...fields } }) => {
    const [row] = declarations.find(user, [params.key]);
    declarations.assertVersions([row], { [row.key]: version });
    if ((Object.keys(fields).length || lines) && row.status !== 'PENDING') {
      throw refuse(
        409,
        'ILLEGAL_TRANSITION',
        `报关交接 ${row.key} 当前为「${declarationStatusLabels[row.status]}」，资料不能再改`,
      );
    }
    const priced = (lines as Omit<DeclarationLine, 'totalPrice'>[] | undefined)?.map((line) => ({
      ...line,
      totalPrice: lineTotal(line.qty, line.unitPrice),
    }));
    const next = { ...row, ...fields, ...(priced ? { lines: priced } : {}) };
    if (status) {
      assertDeclarationMove(row.key, row.status, status);
      if (status === 'HANDED_OVER') assertNoProblems(handoverProblems(next));
    }
    const handedAt = status === 'HANDED_OVER' ? new Date().toISOString() : next.handedAt;
    return named(declarations.change(user, row, { ...next, status: status ?? row.status, handedAt }));
  },
});
