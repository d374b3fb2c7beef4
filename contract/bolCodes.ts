/**
 * 提单 (bill of lading): routes, access, statuses and actions with their Chinese labels, limits and the rules as
 * pure functions, without zod. The browser imports this file at run time (the actions a B/L offers, the print
 * layout); contract/bol.ts builds the schemas on it. Names follow DCSA eBL 3.0 where they fit.
 */
import type { AccessPolicy } from './access';
import type { Route } from './endpoint';
import type { Role } from './formats';
import { RuleError } from './ruleError';

export const bolRoutes = {
  list: { method: 'GET', path: '/v1/bol' },
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

/** The figures of one loaded line that a B/L sums. */
export interface CargoLine {
  containerKey: string;
  cartonCount: number;
  totalQty: number;
  totalGw: number;
  cbm: number;
}

const grams = (kg: number) => Math.round(kg * 1000);
const litres = (cbm: number) => Math.round(cbm * 1000);

/**
 * The cargo of a B/L from its containers' lines, never typed by hand: per box and in total the cartons
 * (packages), pieces, gross weight and volume, weights summed in grams and volumes in litres as a box's fill is.
 */
export function cargoOf(
  boxes: readonly Omit<BolContainer, 'packages' | 'pieces' | 'grossWeight' | 'cbm'>[],
  lines: readonly CargoLine[],
) {
  const containers: BolContainer[] = boxes.map((box) => {
    const held = lines.filter((line) => line.containerKey === box.containerKey);
    return {
      ...box,
      packages: held.reduce((sum, line) => sum + line.cartonCount, 0),
      pieces: held.reduce((sum, line) => sum + line.totalQty, 0),
      grossWeight: held.reduce((sum, line) => sum + grams(line.totalGw), 0) / 1000,
      cbm: held.reduce((sum, line) => sum + litres(line.cbm), 0) / 1000,
    };
  });
  return {
    containers,
    packages: containers.reduce((sum, box) => sum + box.packages, 0),
    pieces: containers.reduce((sum, box) => sum + box.pieces, 0),
    grossWeight: containers.reduce((sum, box) => sum + grams(box.grossWeight), 0) / 1000,
    cbm: containers.reduce((sum, box) => sum + litres(box.cbm), 0) / 1000,
  };
}

/** 唛头 a draft starts with: the POs, the carton range and the origin. */
export function defaultMarks(poNos: readonly string[], packages: number): string[] {
  const poLines: string[] = [];
  for (const po of [...new Set(poNos)].sort()) {
    const last = poLines.length - 1;
    const joined = last >= 0 ? `${poLines[last]}, ${po}` : '';
    if (last >= 0 && joined.length <= bolLimits.lineMax) poLines[last] = joined;
    else poLines.push(`PO NO. ${po}`.slice(0, bolLimits.lineMax));
  }
  return [...poLines.slice(0, bolLimits.marksLines - 2), `C/NO. 1-${packages}`, 'MADE IN CHINA'];
}
/** 品名 a draft starts with. */
export const defaultDescription = (packages: number, pieces: number) => [
  'READY-MADE GARMENTS',
  `${pieces} PCS PACKED IN ${packages} CARTONS`,
];

/** What issuing needs: the parties, the vessel, an HS code, and every box with its number and seal. */
export interface IssueCheck {
  shipper: BolParty;
  consignee: BolParty;
  notifyParty: BolParty;
  vessel: string;
  voyage: string;
  hsCode: string;
  containers: readonly Pick<BolContainer, 'containerKey' | 'containerNo' | 'sealNo'>[];
}

/** Why a B/L cannot be issued yet, field → message (empty when it can). */
export function issueProblems(bol: IssueCheck): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const party of ['shipper', 'consignee', 'notifyParty'] as const) {
    const { name, address } = bol[party];
    if (!name.trim()) problems[party] = `请填写${bolFieldLabels[party]}`;
    else if (![name, ...address].every((line) => BOL_TEXT.test(line)))
      problems[party] = `${bolFieldLabels[party]}：${BOL_TEXT_MESSAGE}`;
  }
  if (!bol.vessel.trim()) problems.vessel = '请填写船名';
  if (!bol.voyage.trim()) problems.voyage = '请填写航次';
  if (!bol.hsCode) problems.hsCode = '请填写 HS 编码';
  const unnumbered = bol.containers.filter((box) => !box.containerNo || !box.sealNo);
  const longSeal = bol.containers.find((box) => (box.sealNo ?? '').length > bolLimits.sealMax);
  if (unnumbered.length) {
    problems.containers = `柜 ${unnumbered.map((box) => box.containerNo ?? box.containerKey).join('、')} 缺少箱号或封号`;
  } else if (longSeal) {
    problems.containers = `柜 ${longSeal.containerNo} 的封号超过 ${bolLimits.sealMax} 个字符，提单无法载明`;
  }
  return problems;
}

/** A text in lines of at most `width` characters, broken between words (a longer word is cut). */
export function wrapLines(text: string, width: number = bolLimits.lineMax): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && `${lines[last]} ${word}`.length <= width) lines[last] = `${lines[last]} ${word}`;
    else for (let i = 0; i < word.length; i += width) lines.push(word.slice(i, i + width));
  }
  return lines;
}

/** What a draft is made from: its plan and booking order, the dictionaries, the customer's last B/L, the cargo. */
export interface DraftSources {
  serial: string;
  plan: { key: string; carrier: string; pol: string; pod: string; osbFactory: string; owner: string };
  order: { key: string; carrierBookingNo: string; vessel: string; voyage: string; etd: string; eta: string };
  factory: { enName?: string; name: string; address?: string } | undefined;
  ports: readonly { code: string; enName?: string }[];
  last: { consignee: BolParty; notifyParty: BolParty } | undefined;
  cargo: ReturnType<typeof cargoOf> & { poNos: readonly string[] };
}
/** The fields the clerk may give a new draft (the rest comes from its sources). */
export interface DraftFields {
  bolNo?: string;
  type?: BolType;
  shipper?: BolParty;
  consignee?: BolParty;
  notifyParty?: BolParty;
  placeOfReceipt?: string;
  placeOfDelivery?: string;
  vessel?: string;
  voyage?: string;
  marks?: string[];
  description?: string[];
  hsCode?: string;
  freightTerm?: FreightTerm;
}

const noParty: BolParty = { name: '', address: [] };

/**
 * A new draft (草稿) as the server stores it and the mock keeps it: the shipper is the OSB factory by its English
 * name and address, consignee and notify party the customer's last B/L's, route and vessel the booking order's,
 * the places the ports' English names, the B/L number the carrier's code and the key's serial; typed fields win.
 */
export function draftValues({ serial, plan, order, factory, ports, last, cargo }: DraftSources, fields: DraftFields) {
  const place = (code: string) => (ports.find((port) => port.code === code)?.enName ?? code).toUpperCase();
  const consignee = fields.consignee ?? last?.consignee ?? noParty;
  return {
    key: `BL${serial}`,
    bolNo: fields.bolNo ?? `${plan.carrier}${serial}`,
    type: fields.type ?? 'BOL',
    releaseType: null,
    planKey: plan.key,
    orderKey: order.key,
    carrier: plan.carrier,
    carrierBookingNo: order.carrierBookingNo,
    shipper: fields.shipper ?? {
      name: factory?.enName ?? factory?.name ?? plan.osbFactory,
      address: wrapLines(factory?.address ?? ''),
    },
    consignee,
    consigneeName: consignee.name,
    notifyParty: fields.notifyParty ?? last?.notifyParty ?? noParty,
    placeOfReceipt: fields.placeOfReceipt ?? place(plan.pol),
    pol: plan.pol,
    pod: plan.pod,
    placeOfDelivery: fields.placeOfDelivery ?? place(plan.pod),
    vessel: fields.vessel ?? order.vessel,
    voyage: fields.voyage ?? order.voyage,
    etd: order.etd,
    eta: order.eta,
    containers: cargo.containers,
    packages: cargo.packages,
    pieces: cargo.pieces,
    grossWeight: cargo.grossWeight,
    cbm: cargo.cbm,
    marks: fields.marks ?? defaultMarks(cargo.poNos, cargo.packages),
    description: fields.description ?? defaultDescription(cargo.packages, cargo.pieces),
    hsCode: fields.hsCode ?? '',
    freightTerm: fields.freightTerm ?? 'PREPAID',
    status: 'DRAFT',
    issueDate: null,
    amendmentComment: '',
    voidReason: '',
    userRemark: '',
    owner: plan.owner,
  } as const;
}

/** Refuses boxes of more than one plan (422), a box on a B/L already (409) or one that holds nothing (409). */
export function assertDraftable(
  boxes: readonly { key: string; planKey: string; containerNo: string | null; bolKey: string | null }[],
  cargo: ReturnType<typeof cargoOf>,
): void {
  if (new Set(boxes.map((box) => box.planKey)).size > 1) {
    throw new RuleError(422, 'VALIDATION_FAILED', '一份提单的柜须属于同一订舱计划', {
      containerKeys: '所选的柜属于不同的订舱计划',
    });
  }
  const taken = boxes.find((box) => box.bolKey);
  if (taken) throw new RuleError(409, 'CONTAINER_ON_BOL', `柜 ${taken.containerNo ?? taken.key} 已在提单 ${taken.bolKey} 中`);
  const empty = cargo.containers.filter((box) => box.packages === 0);
  if (empty.length) {
    throw new RuleError(
      409,
      'CONTAINER_EMPTY',
      `柜 ${empty.map((box) => box.containerNo ?? box.containerKey).join('、')} 尚未装货`,
    );
  }
}

/** 409 unless the plan's order is booked with the carrier (a B/L needs its booking number and vessel). */
export function assertBooked(planKey: string, order: { status: string } | undefined): void {
  if (!order || (order.status !== 'BOOKED' && order.status !== 'RELEASED')) {
    throw new RuleError(409, 'NOT_BOOKED', `订舱计划 ${planKey} 尚未向船公司订舱，不能出提单`);
  }
}

/** The fields of a B/L the list leaves out (bol.ts bolListItemSchema): the detail reads them. */
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
] as const;
/** The columns the list's JSON leaves out (the database builds the list items). */
export const bolListOmits: readonly string[] = detailOnly;

/** A B/L as the list shows it (the mock's list, and the server's when it does not build the JSON itself). */
export function bolListItem<T extends { consignee: BolParty; containers: readonly unknown[] }>(bol: T) {
  const item: Record<string, unknown> = { ...bol, consigneeName: bol.consignee.name, containerCount: bol.containers.length };
  for (const field of detailOnly) delete item[field];
  return item as Omit<T, (typeof detailOnly)[number]> & { consigneeName: string; containerCount: number };
}
