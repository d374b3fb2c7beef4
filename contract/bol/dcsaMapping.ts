/** The field-by-field mapping of an issued B/L onto the DCSA eBL 3.0 Transport Document (its schema in dcsaEbl.ts). */
import type { ContainerType } from '../setting/codes';
import type { DcsaTransportDocument } from './dcsaEbl';
import type { Bol } from './schema';

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
