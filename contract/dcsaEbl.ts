/**
 * The DCSA eBL 3.0 Transport Document as far as Shipdesk fills it, and the field-by-field mapping of an issued
 * B/L onto it. The schema repeats the published DCSA_EBL 3.0.0 OpenAPI document's types, lengths, patterns, enums
 * and required properties for these fields (its `TransportDocument`, `Shipper`, `Consignee`, `NotifyParty`,
 * `ConsignmentItem`, `CargoItem`, `OuterPackaging`, `UtilizedTransportEquipment`, `Equipment`, `Seal` and
 * `Transports`), so the export is held to it in the API tests and documented in /v1/docs.
 */
import { z } from 'zod';
import type { Bol } from './bol';
import type { ContainerType } from './settingCodes';

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^\S(?:.*\S)?$/);
const unLocation = z.object({ UNLocationCode: z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/) }).strict();
const displayedAddress = z.array(z.string().max(35)).max(6);
const party = z.object({ partyName: text(70), displayedAddress: displayedAddress.optional() }).strict();

export const dcsaTransportDocumentSchema = z
  .object({
    transportDocumentReference: text(20),
    transportDocumentStatus: z.enum([
      'DRAFT',
      'APPROVED',
      'ISSUED',
      'PENDING_SURRENDER_FOR_AMENDMENT',
      'SURRENDERED_FOR_AMENDMENT',
      'PENDING_SURRENDER_FOR_DELIVERY',
      'SURRENDERED_FOR_DELIVERY',
      'VOIDED',
    ]),
    transportDocumentTypeCode: z.enum(['BOL', 'SWB']),
    isShippedOnBoardType: z.boolean(),
    freightPaymentTermCode: z.enum(['PRE', 'COL']),
    isElectronic: z.boolean(),
    isToOrder: z.boolean(),
    issueDate: z.iso.date(),
    shippedOnBoardDate: z.iso.date(),
    termsAndConditions: z.string().max(50_000),
    receiptTypeAtOrigin: z.enum(['CY', 'SD', 'CFS']),
    deliveryTypeAtDestination: z.enum(['CY', 'SD', 'CFS']),
    cargoMovementTypeAtOrigin: z.enum(['FCL', 'LCL']),
    cargoMovementTypeAtDestination: z.enum(['FCL', 'LCL']),
    carrierCode: text(4),
    carrierCodeListProvider: z.enum(['SMDG', 'NMFTA']),
    invoicePayableAt: unLocation,
    partyContactDetails: z
      .array(
        z
          .object({ name: text(35), email: z.string().max(100).optional(), phone: text(30).optional() })
          .strict()
          .refine((contact) => contact.email || contact.phone, 'email or phone'),
      )
      .min(1),
    documentParties: z
      .object({
        shipper: party,
        consignee: party,
        notifyParties: z.array(party).max(3),
        issuingParty: z
          .object({
            partyName: text(70),
            identifyingCodes: z.array(z.object({ codeListProvider: text(100), partyCode: text(150) }).strict()),
          })
          .strict(),
      })
      .strict(),
    consignmentItems: z
      .array(
        z
          .object({
            carrierBookingReference: text(35),
            descriptionOfGoods: z.array(text(35)).max(150),
            HSCodes: z.array(z.string().regex(/^\d{6,10}$/)).min(1),
            shippingMarks: z.array(z.string().max(35)).max(50),
            cargoItems: z
              .array(
                z
                  .object({
                    equipmentReference: text(11),
                    weight: z.number().positive(),
                    weightUnit: z.enum(['KGM', 'LBR']),
                    volume: z.number().positive(),
                    volumeUnit: z.enum(['MTQ', 'FTQ']),
                    outerPackaging: z
                      .object({
                        packageCode: z.string().regex(/^[A-Z0-9]{2}$/),
                        numberOfPackages: z.number().int().min(1).max(99_999_999),
                        description: z.string().max(100),
                      })
                      .strict(),
                  })
                  .strict(),
              )
              .min(1),
          })
          .strict(),
      )
      .min(1),
    utilizedTransportEquipments: z
      .array(
        z
          .object({
            equipment: z.object({ equipmentReference: text(11), ISOEquipmentCode: text(4) }).strict(),
            isShipperOwned: z.boolean(),
            seals: z.array(z.object({ number: z.string().max(15) }).strict()).min(1),
          })
          .strict(),
      )
      .min(1),
    transports: z
      .object({
        plannedDepartureDate: z.iso.date(),
        plannedArrivalDate: z.iso.date(),
        portOfLoading: unLocation,
        portOfDischarge: unLocation,
        vesselVoyages: z.array(z.object({ vesselName: text(50), carrierExportVoyageNumber: text(50) }).strict()).min(1),
      })
      .strict(),
  })
  .strict();
export type DcsaTransportDocument = z.infer<typeof dcsaTransportDocumentSchema>;

/** ISO 6346 size-type codes of the container types booked. */
const isoEquipmentCodes: Record<ContainerType, string> = { '20GP': '22G1', '40GP': '42G1', '40HQ': '45G1', '45HQ': 'L5G1' };

/** Who answers for the document at the carrier's side: the clerk who issued it, and the carrier's name. */
export interface DcsaContext {
  contact: { name: string; email?: string; phone?: string };
  carrierName: string;
  termsAndConditions: string;
}

const partyOf = (value: { name: string; address: string[] }) => ({
  partyName: value.name,
  displayedAddress: value.address.slice(0, 6),
});

/** An issued (or released) B/L as a DCSA eBL 3.0 Transport Document. */
export function toDcsaTransportDocument(bol: Bol, context: DcsaContext): DcsaTransportDocument {
  const boxes = bol.containers.map((box) => ({ ...box, containerNo: box.containerNo ?? '', sealNo: box.sealNo ?? '' }));
  return {
    transportDocumentReference: bol.bolNo,
    // A released B/L's originals are surrendered (or telexed) for delivery.
    transportDocumentStatus: bol.status === 'RELEASED' ? 'SURRENDERED_FOR_DELIVERY' : 'ISSUED',
    transportDocumentTypeCode: bol.type,
    isShippedOnBoardType: true,
    freightPaymentTermCode: bol.freightTerm === 'PREPAID' ? 'PRE' : 'COL',
    isElectronic: false,
    isToOrder: false,
    // Only an issued B/L is exported: it has both dates (migration 0024 gave the older ones their ETD).
    issueDate: bol.issueDate ?? bol.etd,
    shippedOnBoardDate: bol.onBoardDate ?? bol.etd,
    termsAndConditions: context.termsAndConditions,
    receiptTypeAtOrigin: 'CY',
    deliveryTypeAtDestination: 'CY',
    cargoMovementTypeAtOrigin: 'FCL',
    cargoMovementTypeAtDestination: 'FCL',
    carrierCode: bol.carrier,
    carrierCodeListProvider: 'NMFTA',
    invoicePayableAt: { UNLocationCode: bol.freightTerm === 'PREPAID' ? bol.pol : bol.pod },
    partyContactDetails: [context.contact],
    documentParties: {
      shipper: partyOf(bol.shipper),
      consignee: partyOf(bol.consignee),
      notifyParties: [partyOf(bol.notifyParty)],
      issuingParty: {
        partyName: context.carrierName,
        identifyingCodes: [{ codeListProvider: 'NMFTA', partyCode: bol.carrier }],
      },
    },
    consignmentItems: [
      {
        carrierBookingReference: bol.carrierBookingNo,
        descriptionOfGoods: bol.description.filter((line) => line.trim()),
        HSCodes: [bol.hsCode],
        shippingMarks: bol.marks,
        cargoItems: boxes.map((box) => ({
          equipmentReference: box.containerNo,
          weight: box.grossWeight,
          weightUnit: 'KGM' as const,
          volume: box.cbm,
          volumeUnit: 'MTQ' as const,
          outerPackaging: { packageCode: 'CT', numberOfPackages: box.packages, description: 'CARTONS' },
        })),
      },
    ],
    utilizedTransportEquipments: boxes.map((box) => ({
      equipment: { equipmentReference: box.containerNo, ISOEquipmentCode: isoEquipmentCodes[box.containerType as ContainerType] },
      isShipperOwned: false,
      seals: [{ number: box.sealNo }],
    })),
    transports: {
      plannedDepartureDate: bol.etd,
      plannedArrivalDate: bol.eta,
      portOfLoading: { UNLocationCode: bol.pol },
      portOfDischarge: { UNLocationCode: bol.pod },
      vesselVoyages: [{ vesselName: bol.vessel, carrierExportVoyageNumber: bol.voyage }],
    },
  };
}
