/**
 * 货物跟踪 (`tnt`): a container's, a sailing's and a shipment's milestones in the model of DCSA Track & Trace 2.2
 * (events `EQUIPMENT`, `TRANSPORT`, `SHIPMENT`, each `PLN` / `EST` / `ACT`), their Chinese words, routes and
 * access, and the rules as pure functions. zod-free: the B/L and container pages import it at run time.
 */
import type { AccessPolicy } from '../shared/access';
import { chinaDateTime } from '../shared/chinaTime';
import type { Route } from '../shared/endpoint';

export const tntRoutes = {
  /** DCSA's GET /v2/events, answered in DCSA 2.2's shapes. */
  list: { method: 'GET', path: '/v1/tnt/events' },
  /** DCSA 2.2 events pushed by a carrier's or terminal's system (or a clerk's tool): one or a list. */
  push: { method: 'POST', path: '/v1/tnt/events' },
  /** A plan's milestones as the pages show them, corrections included. */
  timeline: { method: 'GET', path: '/v1/tnt/timeline/:planKey' },
  /** A milestone entered by a clerk on the container or B/L page; `supersedes` corrects an earlier one. */
  enter: { method: 'POST', path: '/v1/tnt/milestones' },
} as const satisfies Record<string, Route>;

export const tntEventTypes = ['EQUIPMENT', 'TRANSPORT', 'SHIPMENT'] as const;
export type TntEventType = (typeof tntEventTypes)[number];
export const tntEventTypeLabels: Record<TntEventType, string> = {
  EQUIPMENT: '箱动态',
  TRANSPORT: '船舶动态',
  SHIPMENT: '单证动态',
};

export const eventClassifiers = ['PLN', 'EST', 'ACT'] as const;
export type EventClassifier = (typeof eventClassifiers)[number];
export const eventClassifierLabels: Record<EventClassifier, string> = { PLN: '计划', EST: '预计', ACT: '实际' };

export const equipmentEventCodes = [
  'GTOT',
  'STUF',
  'GTIN',
  'LOAD',
  'DISC',
  'STRP',
  'PICK',
  'DROP',
  'INSP',
  'RSEA',
  'RMVD',
] as const;
export type EquipmentEventCode = (typeof equipmentEventCodes)[number];
export const equipmentEventLabels: Record<EquipmentEventCode, string> = {
  GTOT: '出闸',
  STUF: '装箱',
  GTIN: '进闸',
  LOAD: '装船',
  DISC: '卸船',
  STRP: '拆箱',
  PICK: '提柜',
  DROP: '还柜',
  INSP: '查验',
  RSEA: '重新施封',
  RMVD: '移除',
};

export const transportEventCodes = ['DEPA', 'ARRI'] as const;
export type TransportEventCode = (typeof transportEventCodes)[number];
export const transportEventLabels: Record<TransportEventCode, string> = { DEPA: '离港', ARRI: '抵港' };

export const shipmentEventCodes = [
  'RECE',
  'DRFT',
  'PENA',
  'PENU',
  'REJE',
  'APPR',
  'ISSU',
  'SURR',
  'SUBM',
  'VOID',
  'CONF',
  'REQS',
  'CMPL',
  'HOLD',
  'RELS',
] as const;
export type ShipmentEventCode = (typeof shipmentEventCodes)[number];
export const shipmentEventLabels: Record<ShipmentEventCode, string> = {
  RECE: '已接收',
  DRFT: '草稿',
  PENA: '待审批',
  PENU: '待更新',
  REJE: '已拒绝',
  APPR: '已批准',
  ISSU: '已签发',
  SURR: '已交回',
  SUBM: '已提交',
  VOID: '已作废',
  CONF: '已确认',
  REQS: '已申请',
  CMPL: '已完成',
  HOLD: '暂扣',
  RELS: '已放单',
};

/** The documents a shipment event is about, of DCSA's list: Shipdesk has bookings and transport documents. */
export const shipmentDocumentTypes = ['BKG', 'TRD'] as const;
export type ShipmentDocumentType = (typeof shipmentDocumentTypes)[number];
export const shipmentDocumentLabels: Record<ShipmentDocumentType, string> = { BKG: '订舱', TRD: '提单' };

/** A milestone's words: 装船（实际）. */
export function milestoneLabel(eventType: TntEventType, code: string): string {
  if (eventType === 'EQUIPMENT') return equipmentEventLabels[code as EquipmentEventCode] ?? code;
  if (eventType === 'TRANSPORT') return transportEventLabels[code as TransportEventCode] ?? code;
  return shipmentEventLabels[code as ShipmentEventCode] ?? code;
}

/** Where an event came from: Shipdesk's own lifecycles, a clerk, a pushing system. */
export const tntSources = ['shipdesk', 'clerk', 'system'] as const;
export type TntSource = (typeof tntSources)[number];
export const tntSourceLabels: Record<TntSource, string> = {
  shipdesk: '系统生成',
  clerk: '单证员录入',
  system: '承运人/码头推送',
};

export const tntLimits = {
  /** DCSA's default page; its largest. */
  defaultPage: 100,
  maxPage: 1000,
  /** Events of one push. */
  maxPush: 500,
  /** A delay past which a to-do is raised (DCSA classifiers compared in hours). */
  delayHours: 24,
};

/** Who reads and writes milestones: customers read their own; clerks read all and enter; systems push. */
export const tntAccess: AccessPolicy = {
  read: ['user', 'documentClerk'],
  write: ['documentClerk', 'system'],
  readAll: ['documentClerk'],
  changeAll: ['documentClerk', 'system'],
};

/** One milestone of a timeline as the pages get it. */
export interface MilestoneFacts {
  eventType: TntEventType;
  code: string;
  classifier: EventClassifier;
  /** ISO instant. */
  eventDateTime: string;
  location: string;
  equipmentReference?: string;
  supersededBy?: string | null;
}

/** A row of a timeline: one milestone at one place (of one container), with its planned, estimated and actual time. */
export interface TimelineRow {
  eventType: TntEventType;
  code: string;
  location: string;
  equipmentReference?: string;
  PLN?: string;
  EST?: string;
  ACT?: string;
}

/**
 * The milestones side by side: the current (not superseded) time of each classifier per milestone, place and
 * container, in the order of the first time each shows (actual, else estimated, else planned).
 */
export function timelineRows(milestones: readonly MilestoneFacts[]): TimelineRow[] {
  const rows = new Map<string, TimelineRow>();
  for (const m of milestones) {
    if (m.supersededBy) continue;
    const id = [m.eventType, m.code, m.location, m.equipmentReference ?? ''].join('|');
    const row = rows.get(id) ?? {
      eventType: m.eventType,
      code: m.code,
      location: m.location,
      equipmentReference: m.equipmentReference,
    };
    row[m.classifier] = m.eventDateTime;
    rows.set(id, row);
  }
  const when = (row: TimelineRow) => row.ACT ?? row.EST ?? row.PLN ?? '';
  return [...rows.values()].sort((a, b) => when(a).localeCompare(when(b)));
}

const HOUR_MS = 3_600_000;

/** What a sailing's delay is, from its planned, estimated and actual departure and arrival; undefined when on time. */
export interface SailingDelay {
  kind: 'arrival' | 'departure';
  /** Hours late: the estimate after the plan, or the time since the planned departure with no actual one. */
  hours: number;
}

/**
 * A delay that raises a to-do: an estimated (or actual) arrival more than 24 h after the planned one, or no actual
 * departure 24 h after the planned one (`now`).
 */
export function sailingDelay(rows: readonly TimelineRow[], now: Date): SailingDelay | undefined {
  const transport = rows.filter((row) => row.eventType === 'TRANSPORT');
  const arrival = transport.find((row) => row.code === 'ARRI' && row.PLN);
  const arrivalSeen = arrival && (arrival.ACT ?? arrival.EST);
  if (arrival?.PLN && arrivalSeen) {
    const hours = (Date.parse(arrivalSeen) - Date.parse(arrival.PLN)) / HOUR_MS;
    if (hours > tntLimits.delayHours) return { kind: 'arrival', hours: Math.round(hours) };
  }
  const departure = transport.find((row) => row.code === 'DEPA' && row.PLN);
  if (departure?.PLN && !departure.ACT) {
    const hours = (now.getTime() - Date.parse(departure.PLN)) / HOUR_MS;
    if (hours > tntLimits.delayHours) return { kind: 'departure', hours: Math.round(hours) };
  }
  return undefined;
}

/** Whether an event can change a sailing's delay (sailingDelay): an arrival of any kind, a planned or actual departure. */
export const movesDelay = (event: { eventType: string; transportEventTypeCode?: string; eventClassifierCode: string }) =>
  event.eventType === 'TRANSPORT' && (event.transportEventTypeCode === 'ARRI' || event.eventClassifierCode !== 'EST');

/** The time a container was actually loaded at the port of loading, the latest of its containers; undefined before. */
export function actualLoadTime(milestones: readonly MilestoneFacts[], pol: string, containers: readonly string[]) {
  const loads = containers.map(
    (no) =>
      milestones.find(
        (m) =>
          !m.supersededBy &&
          m.eventType === 'EQUIPMENT' &&
          m.code === 'LOAD' &&
          m.classifier === 'ACT' &&
          m.location === pol &&
          m.equipmentReference === no,
      )?.eventDateTime,
  );
  if (loads.length === 0 || loads.some((time) => !time)) return undefined;
  return (loads as string[]).reduce((latest, time) => (time > latest ? time : latest));
}

/** The shipment event each step of a B/L's lifecycle is, on its transport document (TRD). */
export const bolStepEvents = {
  create: 'DRFT',
  submit: 'PENA',
  approve: 'APPR',
  requestAmendment: 'PENU',
  issue: 'ISSU',
  release: 'RELS',
  void: 'VOID',
} as const satisfies Record<string, ShipmentEventCode>;

/**
 * What the milestones say of a B/L's goods for its on-board date (onBoardDateOf in contract/bol/codes.ts): the day,
 * on China's clock, all its containers were actually loaded at the port of loading, and whether the sailing left.
 */
export function loadingFactsOf(milestones: readonly MilestoneFacts[], pol: string, containers: readonly string[]) {
  const loaded = actualLoadTime(milestones, pol, containers);
  const departed = milestones.some(
    (m) => !m.supersededBy && m.eventType === 'TRANSPORT' && m.code === 'DEPA' && m.classifier === 'ACT',
  );
  return { ...(loaded ? { loadedOn: chinaDateTime(loaded).slice(0, 10) } : {}), departed };
}

/** How far ahead of the server's clock an actual time may be: a terminal's clock runs a little fast. */
const ACTUAL_AHEAD_MS = 10 * 60_000;

/** Why a milestone's time cannot be: an actual one (ACT) later than now. */
export function milestoneTimeProblem(classifier: EventClassifier, eventDateTime: string, now: Date): string | undefined {
  if (classifier === 'ACT' && Date.parse(eventDateTime) > now.getTime() + ACTUAL_AHEAD_MS)
    return `实际时间 ${chinaDateTime(eventDateTime)} 晚于现在：尚未发生的节点请录为「预计」或「计划」`;
  return undefined;
}

/** How an arrival moved against its plan, in hours (rounded) and words: 晚 30 小时, 早 5 小时, 准时; undefined unknown. */
export function arrivalChange(planned: string | null, expected: string | null) {
  if (!planned || !expected) return undefined;
  const hours = Math.round((Date.parse(expected) - Date.parse(planned)) / HOUR_MS);
  return { hours, words: hours > 0 ? `晚 ${hours} 小时` : hours < 0 ? `早 ${-hours} 小时` : '准时' };
}
