/**
 * 提单 (bill of lading): routes, access, statuses and actions with their Chinese labels, limits and the rules as
 * pure functions, without zod. The browser imports this file at run time (the actions a B/L offers, the print
 * layout); contract/bol/schema.ts builds the schemas on it. Names follow DCSA eBL 3.0 where they fit.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';
import type { Role } from '../shared/formats';
import { RuleError } from '../shared/ruleError';

export const bolRoutes = {
  list: { method: 'GET', path: '/v1/bol' },
  export: { method: 'GET', path: '/v1/bol/export' },
  get: { method: 'GET', path: '/v1/bol/:key' },
  create: { method: 'POST', path: '/v1/bol' },
  update: { method: 'PUT', path: '/v1/bol/:key' },
  patch: { method: 'PATCH', path: '/v1/bol/:key' },
  remove: { method: 'DELETE', path: '/v1/bol/:key' },
  userRemark: { method: 'PATCH', path: '/v1/bol/:key/userRemark' },
  pdf: { method: 'GET', path: '/v1/bol/:key/pdf' },
  dcsa: { method: 'GET', path: '/v1/bol/:key/dcsa' },
} as const satisfies Record<string, Route>;

/**
 * The clerk drafts, amends, issues and releases every customer's B/Ls; the customer reads their own, confirms or
 * asks for a change and writes the remark; the inspector reads them all.
 */
export const bolAccess: AccessPolicy = {
  read: ['user', 'documentClerk', 'inspector'],
  write: ['user', 'documentClerk'],
  readAll: ['documentClerk', 'inspector'],
  changeAll: ['documentClerk'],
};

/** 提单状态: 草稿 → 待确认 ⇄ 修改中 → 已确认 → 已签发 → 已放单; 作废 before 已签发. */
export const bolStatuses = [
  'DRAFT',
  'PENDING_APPROVAL',
  'PENDING_AMENDMENT',
  'APPROVED',
  'ISSUED',
  'RELEASED',
  'VOIDED',
] as const;
export type BolStatus = (typeof bolStatuses)[number];
export const bolStatusLabels: Record<BolStatus, string> = {
  DRAFT: '草稿',
  PENDING_APPROVAL: '待确认',
  PENDING_AMENDMENT: '修改中',
  APPROVED: '已确认',
  ISSUED: '已签发',
  RELEASED: '已放单',
  VOIDED: '作废',
};
export const bolStatusColors: Record<BolStatus, string> = {
  DRAFT: 'default',
  PENDING_APPROVAL: 'processing',
  PENDING_AMENDMENT: 'warning',
  APPROVED: 'success',
  ISSUED: 'geekblue',
  RELEASED: 'cyan',
  VOIDED: 'default',
};

/** 提单类型: BOL 提单, SWB 海运单 (DCSA transportDocumentTypeCode). */
export const bolTypes = ['BOL', 'SWB'] as const;
export type BolType = (typeof bolTypes)[number];
export const bolTypeLabels: Record<BolType, string> = { BOL: '提单', SWB: '海运单' };

/** 放单方式: 正本, 电放 (telex release), 海运单 (a sea waybill needs no surrender). */
export const releaseTypes = ['ORIGINAL', 'TELEX', 'SEAWAY'] as const;
export type ReleaseType = (typeof releaseTypes)[number];
export const releaseTypeLabels: Record<ReleaseType, string> = { ORIGINAL: '正本', TELEX: '电放', SEAWAY: '海运单' };

/** 运费条款: 预付 / 到付 (DCSA freightPaymentTermCode PRE / COL). */
export const freightTerms = ['PREPAID', 'COLLECT'] as const;
export type FreightTerm = (typeof freightTerms)[number];
export const freightTermLabels: Record<FreightTerm, string> = { PREPAID: '预付', COLLECT: '到付' };

/** What a B/L's callers do to it with PATCH, each from the states listed, by the role named. */
export const bolActions = ['submit', 'approve', 'requestAmendment', 'issue', 'release', 'void'] as const;
export type BolAction = (typeof bolActions)[number];
export const bolActionLabels: Record<BolAction, string> = {
  submit: '发送客户确认',
  approve: '确认提单',
  requestAmendment: '申请修改',
  issue: '签发',
  release: '放单',
  void: '作废',
};
/** What an action's confirmation asks of B/L `bolNo` (提单 said once), and what its message says once it is done. */
export const bolActionWords: Record<BolAction, { ask: (bolNo: string) => string; done: string }> = {
  submit: { ask: (bolNo) => `确定将提单 ${bolNo} 发送客户确认？`, done: '已发送客户确认' },
  approve: { ask: (bolNo) => `确定确认提单 ${bolNo}？`, done: '已确认' },
  requestAmendment: { ask: (bolNo) => `确定对提单 ${bolNo} 申请修改？`, done: '已申请修改' },
  issue: { ask: (bolNo) => `确定签发提单 ${bolNo}？`, done: '已签发' },
  release: { ask: (bolNo) => `确定放单（提单 ${bolNo}）？`, done: '已放单' },
  void: { ask: (bolNo) => `确定作废提单 ${bolNo}？`, done: '已作废' },
};
export const bolActionRules: Record<BolAction, { from: readonly BolStatus[]; to: BolStatus; role: Role }> = {
  submit: { from: ['DRAFT', 'PENDING_AMENDMENT'], to: 'PENDING_APPROVAL', role: 'documentClerk' },
  approve: { from: ['PENDING_APPROVAL'], to: 'APPROVED', role: 'user' },
  requestAmendment: { from: ['PENDING_APPROVAL'], to: 'PENDING_AMENDMENT', role: 'user' },
  issue: { from: ['APPROVED'], to: 'ISSUED', role: 'documentClerk' },
  release: { from: ['ISSUED'], to: 'RELEASED', role: 'documentClerk' },
  void: { from: ['DRAFT', 'PENDING_APPROVAL', 'PENDING_AMENDMENT', 'APPROVED'], to: 'VOIDED', role: 'documentClerk' },
};
/** The clerk amends a B/L (PUT) and deletes it only in these states. */
export const amendableStatuses: readonly BolStatus[] = ['DRAFT', 'PENDING_AMENDMENT'];

/** The actions a caller with `roles` may take on a B/L in `status` (the detail page's buttons). */
export const bolActionsFor = (status: BolStatus, roles: readonly Role[]): BolAction[] =>
  bolActions.filter((action) => bolActionRules[action].from.includes(status) && roles.includes(bolActionRules[action].role));

/** 409 naming the current state when `action` does not apply to it. */
export function assertBolAction(key: string, status: BolStatus, action: BolAction): BolStatus {
  const rule = bolActionRules[action];
  if (!rule.from.includes(status)) {
    throw new RuleError(
      409,
      'ILLEGAL_TRANSITION',
      `提单 ${key} 当前为「${bolStatusLabels[status]}」，不能${bolActionLabels[action]}`,
    );
  }
  return rule.to;
}
/** 409 naming the current state when the clerk amends (or deletes: drafts only) a B/L in another state. */
export function assertAmendable(key: string, status: BolStatus, what: string, allowed = amendableStatuses): void {
  if (!allowed.includes(status)) {
    throw new RuleError(409, 'ILLEGAL_TRANSITION', `提单 ${key} 当前为「${bolStatusLabels[status]}」，不能${what}`);
  }
}
/**
 * What the milestones say of the goods' loading (货物跟踪): the day (China's) all the B/L's containers were actually
 * loaded at the port of loading, when they all were, and whether the sailing actually left.
 */
export interface LoadingFacts {
  loadedOn?: string;
  departed?: boolean;
}

/**
 * 签发 states "Shipped on Board" with the day the goods were loaded, so a B/L is issued only once they are: on or
 * after that day. The day is the containers' actual load (`facts.loadedOn`), or the one the clerk gives, or the
 * sailing's ETD; none may be after today (China's date). Without an actual load on record, issuing before the
 * sailing left (actual departure, else its ETD) — or stating another day than the recorded load — needs a reason
 * (`reasonNeeded`, the words that ask for it), kept in the B/L's history.
 */
export function onBoardDateOf(
  etd: string,
  given: string | undefined,
  today: string,
  facts: LoadingFacts = {},
): { onBoardDate: string; problem?: string; reasonNeeded?: string } {
  const onBoardDate = given ?? facts.loadedOn ?? etd;
  if (onBoardDate > today) {
    return {
      onBoardDate,
      problem: given
        ? `装船日期 ${given} 在今天之后：货物装船后才能签发已装船提单`
        : `开船日期 ${etd} 尚未到：货物装船后才能签发已装船提单；已提前装船请填写装船日期`,
    };
  }
  if (facts.loadedOn && onBoardDate !== facts.loadedOn)
    return { onBoardDate, reasonNeeded: `货物跟踪记录的实际装船日期为 ${facts.loadedOn}，签发日期与之不同，请说明原因` };
  if (!facts.loadedOn && !facts.departed && etd > today)
    return { onBoardDate, reasonNeeded: `尚无实际装船记录，开船日期 ${etd} 也未到：请说明依据（如船公司装船确认）` };
  return { onBoardDate };
}

/** A sea waybill is released as 海运单; a bill of lading as 正本 or 电放. */
export function releaseTypeProblem(type: BolType, releaseType: ReleaseType): string | undefined {
  if (type === 'SWB' && releaseType !== 'SEAWAY') return '海运单只能以「海运单」方式放单';
  if (type === 'BOL' && releaseType === 'SEAWAY') return '提单应以「正本」或「电放」方式放单';
  return undefined;
}

export const bolLimits = {
  /** DCSA: a party's name up to 70 characters, its displayed address up to 6 lines of 35. */
  partyNameMax: 70,
  lineMax: 35,
  addressLines: 6,
  marksLines: 50,
  descriptionLines: 150,
  placeMax: 35,
  vesselMax: 50,
  voyageMax: 50,
  remarkMax: 500,
  commentMax: 200,
  /** DCSA: a seal number up to 15 characters. */
  sealMax: 15,
  /** Containers on one B/L. */
  maxContainers: 50,
};

/** B/L text is what carriers print: letters, digits and the usual signs (printable ASCII), as DCSA's lines are. */
export const BOL_TEXT = /^[\x20-\x7E]*$/;
export const BOL_TEXT_MESSAGE = '提单内容只能使用英文字母、数字和常用符号';

export const bolFieldLabels = {
  key: '提单编号',
  bolNo: '提单号',
  type: '提单类型',
  releaseType: '放单方式',
  planKey: '订舱计划',
  carrierBookingNo: '订舱号/SO',
  carrier: '船公司',
  shipper: '发货人',
  consignee: '收货人',
  notifyParty: '通知人',
  placeOfReceipt: '收货地',
  pol: '起运港',
  pod: '目的港',
  placeOfDelivery: '交货地',
  vessel: '船名',
  voyage: '航次',
  etd: '开船日期',
  eta: '到港日期',
  containers: '柜',
  marks: '唛头',
  description: '品名',
  hsCode: 'HS 编码',
  packages: '件数',
  grossWeight: '毛重（kg）',
  cbm: '体积（m³）',
  freightTerm: '运费条款',
  status: '状态',
  issueDate: '签发日期',
  onBoardDate: '装船日期',
  onBoardReason: '装船说明',
  amendmentComment: '客户修改意见',
  voidReason: '作废原因',
  userRemark: '用户备注',
  ownerName: '客户',
  createdAt: '创建时间',
  updatedAt: '更新时间',
} as const;

/** A party of the B/L: its name and the address lines printed under it. */
export interface BolParty {
  name: string;
  address: string[];
}
/** A container on the B/L with the cargo summed from its lines. */
export interface BolContainer {
  containerKey: string;
  containerNo: string | null;
  sealNo: string | null;
  containerType: string;
  packages: number;
  pieces: number;
  grossWeight: number;
  cbm: number;
}

/** The fields of a B/L the list leaves out (schema.ts bolListItemSchema): the detail reads them. */
const detailOnly = [
  'shipper',
  'consignee',
  'notifyParty',
  'placeOfReceipt',
  'placeOfDelivery',
  'eta',
  'containers',
  'marks',
  'description',
  'hsCode',
  'amendmentComment',
  'voidReason',
  'userRemark',
  'orderKey',
  'onBoardDate',
  'onBoardReason',
] as const;
/** The columns the list's JSON leaves out (the database builds the list items). */
export const bolListOmits: readonly string[] = detailOnly;

/** A B/L as the list shows it (the mock's list, and the server's when it does not build the JSON itself). */
export function bolListItem<T extends { consignee: BolParty; containers: readonly unknown[] }>(bol: T) {
  const item: Record<string, unknown> = { ...bol, consigneeName: bol.consignee.name, containerCount: bol.containers.length };
  for (const field of detailOnly) delete item[field];
  return item as Omit<T, (typeof detailOnly)[number]> & { consigneeName: string; containerCount: number };
}
