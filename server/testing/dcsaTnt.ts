/**
 * DCSA's published Track & Trace 2.2 document (tests/fixtures/dcsa) as validators: an event answered or emitted by
 * Shipdesk is held to the standard's own schema, not to a copy of it in the contract.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const DOCUMENT = path.join(__dirname, '../../tests/fixtures/dcsa/tnt_v2.2.0.yaml');
const eventSchemas = { EQUIPMENT: 'EquipmentEvent', TRANSPORT: 'TransportEvent', SHIPMENT: 'ShipmentEvent' } as const;

let validators: Record<keyof typeof eventSchemas, ValidateFunction> | undefined;

function load() {
  // OpenAPI 3.0's schemas are JSON Schema with a few words more (`nullable`, `example`, `x-…`): not strict.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(parse(readFileSync(DOCUMENT, 'utf8')), 'tnt');
  return Object.fromEntries(
    Object.entries(eventSchemas).map(([type, name]) => [type, ajv.compile({ $ref: `tnt#/components/schemas/${name}` })]),
  ) as Record<keyof typeof eventSchemas, ValidateFunction>;
}

/** The standard's complaints about `event` (by its `eventType`), none when it validates. */
export function dcsaProblems(event: unknown): string[] {
  validators ??= load();
  const type = (event as { eventType?: string } | null)?.eventType;
  const validate = type && type in validators ? validators[type as keyof typeof eventSchemas] : undefined;
  if (!validate) return [`eventType ${String(type)} is none of DCSA's`];
  return validate(event) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

/** The document's version, to name in a test. */
export const dcsaDocumentVersion = () => (parse(readFileSync(DOCUMENT, 'utf8')) as { info: { version: string } }).info.version;
