/**
 * 货物跟踪: DCSA Track & Trace 2.2's events as zod schemas (the fields Shipdesk reads and answers; a pushed
 * event's other fields of the standard are accepted and not kept), the page's milestones and the endpoint table.
 * tests/fixtures/dcsa/tnt_v2.2.0.yaml is the published document the tests hold the answers to.
 */
import { z } from 'zod';
import { isoInstantSchema, singleLine } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { locodeSchema } from '../price/schema';
import {
  equipmentEventCodes,
  eventClassifiers,
  shipmentDocumentTypes,
  shipmentEventCodes,
  tntEventTypes,
  tntLimits,
  tntRoutes,
  tntSources,
  transportEventCodes,
} from './codes';

export * from './codes';

const text = (max: number) => z.string().max(max);

const addressSchema = z.looseObject({});
export const dcsaLocationSchema = z.object({
  locationName: text(100).optional(),
  latitude: text(10).optional(),
  longitude: text(11).optional(),
  UNLocationCode: text(5).optional(),
  facilityCode: text(6).optional(),
  facilityCodeListProvider: z.enum(['SMDG', 'BIC']).optional(),
  address: addressSchema.optional(),
});
export const dcsaTransportCallSchema = z.object({
  transportCallID: text(100),
  carrierServiceCode: text(5).optional(),
  exportVoyageNumber: text(5).optional(),
  importVoyageNumber: text(50).optional(),
  carrierVoyageNumber: text(50).optional(),
  transportCallSequenceNumber: z.string().optional(),
  UNLocationCode: text(5).optional(),
  facilityCode: text(6).optional(),
  facilityCodeListProvider: z.enum(['SMDG', 'BIC']).optional(),
  facilityTypeCode: z.enum(['BOCR', 'CLOC', 'COFS', 'COYA', 'OFFD', 'DEPO', 'INTE', 'POTE', 'RAMP']).optional(),
  otherFacility: text(50).optional(),
  modeOfTransport: z.enum(['VESSEL', 'RAIL', 'TRUCK', 'BARGE']),
  location: dcsaLocationSchema.optional(),
  vessel: z.string().optional(),
});
export const dcsaReferenceSchema = z.object({
  referenceType: z.enum(['FF', 'SI', 'PO', 'CR', 'AAO', 'EQ']),
  referenceValue: text(100),
});
export const dcsaDocumentReferenceSchema = z.object({
  documentReferenceType: z.enum(['BKG (Booking)', 'TRD (Transport Document)']),
  documentReferenceValue: z.string(),
});
export const dcsaSealSchema = z.object({
  sealNumber: text(15),
  sealSource: z.enum(['CAR', 'SHI', 'PHY', 'VET', 'CUS']).optional(),
  sealType: z.enum(['KLP', 'BLT', 'WIR']),
});

const eventBase = {
  eventID: z.guid('eventID 应为 UUID'),
  eventCreatedDateTime: isoInstantSchema,
  eventClassifierCode: z.enum(eventClassifiers),
  eventDateTime: isoInstantSchema,
  references: z.array(dcsaReferenceSchema).max(20).optional(),
};

export const equipmentEventSchema = z.object({
  ...eventBase,
  eventType: z.literal('EQUIPMENT'),
  equipmentEventTypeCode: z.enum(equipmentEventCodes),
  equipmentReference: text(15),
  ISOEquipmentCode: text(4).optional(),
  emptyIndicatorCode: z.enum(['EMPTY', 'LADEN']),
  eventLocation: dcsaLocationSchema.optional(),
  transportCall: dcsaTransportCallSchema.optional(),
  documentReferences: z.array(dcsaDocumentReferenceSchema).max(20).optional(),
  seals: z.array(dcsaSealSchema).max(10).optional(),
});
export const transportEventSchema = z.object({
  ...eventBase,
  eventType: z.literal('TRANSPORT'),
  transportEventTypeCode: z.enum(transportEventCodes),
  delayReasonCode: text(3).optional(),
  changeRemark: text(250).optional(),
  transportCall: dcsaTransportCallSchema,
  documentReferences: z.array(dcsaDocumentReferenceSchema).max(20).optional(),
});
export const shipmentEventSchema = z.object({
  ...eventBase,
  eventType: z.literal('SHIPMENT'),
  shipmentEventTypeCode: z.enum(shipmentEventCodes),
  documentID: text(100),
  documentTypeCode: z.enum(shipmentDocumentTypes, { error: '单证类型应为 BKG（订舱）或 TRD（提单）' }),
  reason: text(250).optional(),
});
export const tntEventSchema = z.discriminatedUnion('eventType', [
  equipmentEventSchema,
  transportEventSchema,
  shipmentEventSchema,
]);
export type TntEvent = z.infer<typeof tntEventSchema>;
export type EquipmentEvent = z.infer<typeof equipmentEventSchema>;
export type TransportEvent = z.infer<typeof transportEventSchema>;
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>;

export const tntPushSchema = z.union([tntEventSchema, z.array(tntEventSchema).min(1).max(tntLimits.maxPush)]);
export const tntPushResultSchema = z.object({
  success: z.literal(true),
  /** Events new to Shipdesk. */
  created: z.number().int(),
  /** Events it already had with this eventID (a repeated push changes nothing). */
  unchanged: z.number().int(),
});
export type TntPushResult = z.infer<typeof tntPushResultSchema>;

const referenceFilter = z.string().min(1).max(100).optional();
const createdFilter = isoInstantSchema.optional();
export const tntListQuerySchema = z.strictObject({
  equipmentReference: referenceFilter,
  transportDocumentReference: referenceFilter,
  carrierBookingReference: referenceFilter,
  /** DCSA's comma list: SHIPMENT,EQUIPMENT. */
  eventType: z
    .string()
    .regex(
      new RegExp(`^(${tntEventTypes.join('|')})(,(${tntEventTypes.join('|')}))*$`),
      '事件类型应为 SHIPMENT、TRANSPORT、EQUIPMENT（可逗号分隔）',
    )
    .optional(),
  eventCreatedDateTime: createdFilter,
  'eventCreatedDateTime:gte': createdFilter,
  'eventCreatedDateTime:gt': createdFilter,
  'eventCreatedDateTime:lte': createdFilter,
  'eventCreatedDateTime:lt': createdFilter,
  'eventCreatedDateTime:eq': createdFilter,
  limit: z.coerce.number().int().min(1).max(tntLimits.maxPage).optional(),
  /** The Next-Page header's value: where the last page ended and its filters. */
  cursor: z.string().min(1).max(2000).optional(),
});
export type TntListQuery = z.infer<typeof tntListQuerySchema>;

export const planKeyParamsSchema = z.strictObject({ planKey: z.string().regex(/^OP\d{8}$/) });

export const milestoneSchema = z.object({
  eventID: z.string(),
  eventType: z.enum(tntEventTypes),
  /** The event's type code: LOAD, DEPA, ISSU, … */
  code: z.string(),
  classifier: z.enum(eventClassifiers),
  eventDateTime: z.string(),
  eventCreatedDateTime: z.string(),
  /** UN/LOCODE, '' when the event names no place (a document's). */
  location: z.string(),
  equipmentReference: z.string().optional(),
  documentID: z.string().optional(),
  documentTypeCode: z.enum(shipmentDocumentTypes).optional(),
  vessel: z.string(),
  voyage: z.string(),
  source: z.enum(tntSources),
  createdByName: z.string(),
  remark: z.string(),
  /** The event that corrects this one; null while it stands. */
  supersededBy: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const timelineSchema = z.object({
  planKey: z.string(),
  pol: z.string(),
  pod: z.string(),
  vessel: z.string(),
  voyage: z.string(),
  containers: z.array(z.string()),
  milestones: z.array(milestoneSchema),
});
export type Timeline = z.infer<typeof timelineSchema>;

export const milestoneEntrySchema = z
  .strictObject({
    planKey: z.string().regex(/^OP\d{8}$/, '订舱计划号有误'),
    eventType: z.enum(['EQUIPMENT', 'TRANSPORT'], { error: '请选择事件类别' }),
    code: z.enum([...equipmentEventCodes, ...transportEventCodes], { error: '请选择事件' }),
    classifier: z.enum(eventClassifiers, { error: '请选择计划、预计或实际' }),
    eventDateTime: isoInstantSchema,
    location: locodeSchema,
    /** The container's number, for a container's event. */
    equipmentReference: z.string().max(15).optional(),
    emptyIndicatorCode: z.enum(['EMPTY', 'LADEN']).optional(),
    /** The milestone this one corrects. */
    supersedes: z.guid().optional(),
    remark: singleLine().max(250).optional(),
  })
  .superRefine((entry, ctx) => {
    const equipment = (equipmentEventCodes as readonly string[]).includes(entry.code);
    if (equipment !== (entry.eventType === 'EQUIPMENT'))
      ctx.addIssue({ code: 'custom', path: ['code'], message: '事件与类别不符' });
    if (entry.eventType === 'EQUIPMENT' && !entry.equipmentReference)
      ctx.addIssue({ code: 'custom', path: ['equipmentReference'], message: '请选择柜号' });
  });
export type MilestoneEntry = z.infer<typeof milestoneEntrySchema>;

export const tntEndpoints = defineEndpoints(tntRoutes, {
  list: {
    summary: '货物跟踪事件（DCSA Track & Trace 2.2）',
    access: 'read',
    query: tntListQuerySchema,
    response: z.array(tntEventSchema),
  },
  push: {
    summary: '推送货物跟踪事件（DCSA Track & Trace 2.2）',
    access: 'write',
    body: tntPushSchema,
    response: tntPushResultSchema,
  },
  timeline: { summary: '订舱计划的跟踪时间线', access: 'read', params: planKeyParamsSchema, response: timelineSchema },
  enter: {
    summary: '录入跟踪节点',
    access: ['documentClerk'],
    body: milestoneEntrySchema,
    response: milestoneSchema,
    status: 201,
  },
});
