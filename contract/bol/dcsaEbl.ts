/**
 * The DCSA eBL 3.0 Transport Document as far as Shipdesk fills it (the mapping of an issued B/L onto it is in
 * dcsaMapping.ts). The schema repeats the published DCSA_EBL 3.0.0 OpenAPI document's types, lengths, patterns, enums
 * and required properties for these fields (its `TransportDocument`, `Shipper`, `Consignee`, `NotifyParty`,
 * `ConsignmentItem`, `CargoItem`, `OuterPackaging`, `UtilizedTransportEquipment`, `Equipment`, `Seal` and
 * `Transports`), so the export is held to it in the API tests and documented in /v1/docs.
 */
import { z } from 'zod';

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
