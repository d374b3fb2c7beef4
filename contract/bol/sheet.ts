/**
 * The printed B/L, in the layout people know: shipper / consignee / notify boxes, vessel and ports, marks and
 * numbers, description, packages, weight and measurement, with "DRAFT" across it until it is issued. One pure
 * function gives the text of every box; the print page lays it out in HTML and the server draws it into the PDF.
 */
import type { BolContainer, BolParty, BolStatus, BolType, FreightTerm, ReleaseType } from './codes';
import type { Port } from '../setting/codes';

/** What the sheet prints of a B/L. */
export interface SheetSource {
  bolNo: string;
  type: BolType;
  status: BolStatus;
  carrier: string;
  carrierBookingNo: string;
  shipper: BolParty;
  consignee: BolParty;
  notifyParty: BolParty;
  placeOfReceipt: string;
  pol: string;
  pod: string;
  placeOfDelivery: string;
  vessel: string;
  voyage: string;
  etd: string;
  containers: readonly BolContainer[];
  marks: readonly string[];
  description: readonly string[];
  hsCode: string;
  packages: number;
  grossWeight: number;
  cbm: number;
  freightTerm: FreightTerm;
  releaseType: ReleaseType | null;
  issueDate: string | null;
  onBoardDate: string | null;
}

export interface SheetBox {
  label: string;
  lines: string[];
}

export interface BolSheet {
  title: string;
  bolNo: string;
  /** "DRAFT" across the page until the B/L is issued. */
  watermark: string | null;
  parties: SheetBox[];
  /** Carrier, booking, vessel and the four places. */
  route: SheetBox[];
  marks: string[];
  description: string[];
  packages: string;
  grossWeight: string;
  measurement: string;
  /** One line per container: number, seal, type and its cargo. */
  containers: string[];
  footer: SheetBox[];
}

/** A port as the sheet prints it, from the ports dictionary: `SHANGHAI (CNSHA)`, or the code it does not know. */
export const portPrinter = (ports: readonly Port[]) => (code: string) => {
  const port = ports.find((entry) => entry.code === code);
  return port?.enName ? `${port.enName.toUpperCase()} (${code})` : code;
};

/** The sheet is printed in English, as carriers print it. */
const releaseWords: Record<ReleaseType, string> = { ORIGINAL: 'ORIGINALS', TELEX: 'TELEX RELEASE', SEAWAY: 'SEA WAYBILL' };
const partyBox = (label: string, party: BolParty): SheetBox => ({ label, lines: [party.name, ...party.address] });
const kilos = (kg: number) => `${kg.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} KGS`;
const cubic = (cbm: number) => `${cbm.toFixed(3)} CBM`;

/** The boxes of the printed B/L; `portName` gives a port's printed name from its UN/LOCODE. */
export function bolSheet(bol: SheetSource, portName: (code: string) => string): BolSheet {
  const issued = bol.status === 'ISSUED' || bol.status === 'RELEASED';
  return {
    title: bol.type === 'SWB' ? 'SEA WAYBILL' : 'BILL OF LADING',
    bolNo: bol.bolNo,
    watermark: issued ? null : 'DRAFT',
    parties: [partyBox('Shipper', bol.shipper), partyBox('Consignee', bol.consignee), partyBox('Notify Party', bol.notifyParty)],
    route: [
      { label: 'Carrier', lines: [bol.carrier] },
      { label: 'Booking No.', lines: [bol.carrierBookingNo] },
      { label: 'Vessel / Voyage', lines: [`${bol.vessel} ${bol.voyage}`.trim()] },
      { label: 'Place of Receipt', lines: [bol.placeOfReceipt] },
      { label: 'Port of Loading', lines: [portName(bol.pol)] },
      { label: 'Port of Discharge', lines: [portName(bol.pod)] },
      { label: 'Place of Delivery', lines: [bol.placeOfDelivery] },
    ],
    marks: [...bol.marks],
    description: [...bol.description, ...(bol.hsCode ? [`HS CODE ${bol.hsCode}`] : [])],
    packages: `${bol.packages} CARTONS`,
    grossWeight: kilos(bol.grossWeight),
    measurement: cubic(bol.cbm),
    containers: bol.containers.map((box) =>
      [
        box.containerNo ?? '(NO. TO FOLLOW)',
        `SEAL ${box.sealNo ?? '-'}`,
        box.containerType,
        `${box.packages} CTNS`,
        kilos(box.grossWeight),
        cubic(box.cbm),
      ].join(' / '),
    ),
    footer: [
      { label: 'Freight', lines: [`FREIGHT ${bol.freightTerm}`] },
      { label: 'Release', lines: [bol.releaseType ? releaseWords[bol.releaseType] : '-'] },
      { label: 'Number of Originals', lines: [bol.type === 'BOL' && bol.releaseType !== 'TELEX' ? 'THREE (3)' : 'ZERO (0)'] },
      { label: 'Place and Date of Issue', lines: [portName(bol.pol), ...(bol.issueDate ? [bol.issueDate] : [])] },
      // The day loaded, once issued: a draft states nothing of it.
      { label: 'Shipped on Board', lines: [bol.onBoardDate ?? ''] },
    ],
  };
}
