/**
 * 提单 drafts as pure functions, without zod: the cargo summed from the loaded lines, the parties, marks and
 * description a draft starts with, what a draft and its issue need. The server and the mock use them alike;
 * codes.ts holds the codes and the lifecycle.
 */
import { RuleError } from '../shared/ruleError';
import {
  BOL_TEXT,
  BOL_TEXT_MESSAGE,
  bolFieldLabels,
  bolLimits,
  onBoardDateOf,
  type BolContainer,
  type BolParty,
  type BolType,
  type FreightTerm,
  type LoadingFacts,
} from './codes';

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

/**
 * 签发 as the server and the mock check it: what the B/L lacks (issueProblems), when the goods are not on board
 * yet `onBoardDate`, when the facts do not bear the day out a missing `onBoardReason` (onBoardDateOf); and the
 * day shipped on board the B/L will state, with its reason.
 */
export function issueChecks(
  bol: IssueCheck & { etd: string },
  given: { onBoardDate?: string; onBoardReason?: string },
  today: string,
  facts: LoadingFacts = {},
) {
  const onBoard = onBoardDateOf(bol.etd, given.onBoardDate, today, facts);
  const reason = given.onBoardReason?.trim() ?? '';
  return {
    problems: {
      ...issueProblems(bol),
      ...(onBoard.problem ? { onBoardDate: onBoard.problem } : {}),
      ...(onBoard.reasonNeeded && !reason ? { onBoardReason: onBoard.reasonNeeded } : {}),
    },
    onBoardDate: onBoard.onBoardDate,
    // A reason is kept only where one was asked for.
    onBoardReason: onBoard.reasonNeeded ? reason : '',
  };
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
 * name and address, consignee and notify party the customer's last B/L's to the same port of discharge, route and vessel the booking order's,
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
    onBoardDate: null,
    onBoardReason: '',
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
