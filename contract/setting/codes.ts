/**
 * Routes and access of the settings and the booking dictionaries (contract/setting/schema.ts), without zod: the
 * dictionaries' codes and labels are read by the browser at run time.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const settingRoutes = {
  list: { method: 'GET', path: '/v1/setting' },
  get: { method: 'GET', path: '/v1/setting/:key' },
  put: { method: 'PUT', path: '/v1/setting/:key' },
  dict: { method: 'GET', path: '/v1/osbDict' },
  osbFactories: { method: 'GET', path: '/v1/osbFactory' },
} as const satisfies Record<string, Route>;

/** Every signed-in user reads the settings (capacities, cut-offs, dictionaries); only the clerk changes them. */
export const settingAccess: AccessPolicy = {
  read: 'signedIn',
  write: ['documentClerk'],
  readAll: ['user', 'documentClerk', 'inspector'],
  changeAll: ['documentClerk'],
};

/** 箱型 (ISO 6346 size-type groups as the trade names them). */
export const containerTypes = ['20GP', '40GP', '40HQ', '45HQ'] as const;
export type ContainerType = (typeof containerTypes)[number];

/** 港口: a UN/LOCODE, its Chinese name and, optionally, its English name. */
export interface Port {
  code: string;
  name: string;
  enName?: string;
}
/** 船公司: its SCAC code and name. */
export interface Carrier {
  scac: string;
  name: string;
}
/** 订舱工厂: the shipper that books (发货人 of the bill of lading). */
export interface OsbFactory {
  code: string;
  name: string;
  city: string;
  /** English name and address, as the B/L prints the shipper. */
  enName?: string;
  address?: string;
}

/** A port as people read it: `上海 CNSHA`, or the code alone when the dictionary does not know it. */
export const portText = (ports: readonly Port[], code: string) => {
  const port = ports.find((p) => p.code === code);
  return port ? `${port.name} ${port.code}` : code;
};
/** A carrier's name, or its SCAC code. */
export const carrierText = (carriers: readonly Carrier[], scac: string) => carriers.find((c) => c.scac === scac)?.name ?? scac;
