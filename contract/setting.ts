/** 设置: one JSON value per key, each key with its own schema. PUT needs the row's version. */
import { z } from 'zod';
import { listResultSchema, versionSchema } from './common';
import { defineEndpoints } from './endpoint';
import { settingRoutes } from './settingCodes';

export { settingAccess, settingRoutes } from './settingCodes';

export const containerTypes = ['20GP', '40GP', '40HQ', '45HQ'] as const;
export type ContainerType = (typeof containerTypes)[number];

const capacity = z.strictObject({
  cbm: z.number().positive().max(200), // 容量 m³
  payloadKg: z.number().int().positive().max(40000), // 载重 kg
});

export const settingSchemas = {
  /** 柜容量 */
  containerCapacity: z.strictObject({ '20GP': capacity, '40GP': capacity, '40HQ': capacity, '45HQ': capacity }),
  /** 截单规则: cut-offs in hours before ETD. */
  bookingCutoff: z.strictObject({
    siCutoffHours: z.number().int().min(0).max(720), // 截单
    cyCutoffHours: z.number().int().min(0).max(720), // 截关
    vgmCutoffHours: z.number().int().min(0).max(720), // VGM
  }),
  /** 默认港口 (UN/LOCODE) */
  defaultPorts: z.strictObject({
    pol: z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, '港口代码应为 5 位 UN/LOCODE'),
    pod: z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, '港口代码应为 5 位 UN/LOCODE'),
  }),
} as const;
export type SettingKey = keyof typeof settingSchemas;
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];
export const settingLabels: Record<SettingKey, string> = {
  containerCapacity: '柜容量',
  bookingCutoff: '截单规则',
  defaultPorts: '默认港口',
};
export const settingDefaults: { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> } = {
  containerCapacity: {
    '20GP': { cbm: 28, payloadKg: 28180 },
    '40GP': { cbm: 58, payloadKg: 26730 },
    '40HQ': { cbm: 68, payloadKg: 26540 },
    '45HQ': { cbm: 76, payloadKg: 25660 },
  },
  bookingCutoff: { siCutoffHours: 72, cyCutoffHours: 48, vgmCutoffHours: 48 },
  defaultPorts: { pol: 'CNSHA', pod: 'USLAX' },
};

export const settingSchema = z.object({
  key: z.enum(settingKeys as [SettingKey, ...SettingKey[]]),
  label: z.string(),
  value: z.unknown(),
  version: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type Setting<T = unknown> = Omit<z.infer<typeof settingSchema>, 'value'> & { value: T };
export const settingPutSchema = z.strictObject({ value: z.unknown(), version: versionSchema });

const keyParams = z.strictObject({ key: z.string().min(1).max(64) });

export const settingEndpoints = defineEndpoints(settingRoutes, {
  list: { summary: '设置列表', access: 'read', response: listResultSchema(settingSchema) },
  get: { summary: '设置项', access: 'read', params: keyParams, response: settingSchema },
  put: { summary: '修改设置项（需版本号）', access: 'write', params: keyParams, body: settingPutSchema, response: settingSchema },
});
