/** 设置: one JSON value per key, each key with its own schema. PUT needs the row's version. */
import { z } from 'zod';
import { isoMonthSchema, listResultSchema, singleLine, versionSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { BOL_TEXT, BOL_TEXT_MESSAGE } from '../bol/codes';
import { hasAtMostDecimals } from '../packing/rules';
import { currencies } from '../price/codes';
import { containerTypes, settingRoutes } from './codes';

export * from './codes';

const locode = z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, '港口代码应为 5 位 UN/LOCODE');
const dictName = singleLine('名称不能包含控制字符或换行', '请输入名称').min(1, '请输入名称').max(60, '名称最多 60 个字符');
/** Printed on the B/L: English text (bolCodes.BOL_TEXT). */
const englishText = (max: number) => z.string().trim().max(max, `最多 ${max} 个字符`).regex(BOL_TEXT, BOL_TEXT_MESSAGE);
/** A dictionary: at most 200 entries, each code once. */
const dictionary = <T extends z.ZodType>(entry: T, codeOf: (value: z.output<T>) => string) =>
  z
    .array(entry)
    .min(1, '至少保留一项')
    .max(200, '最多 200 项')
    .refine((entries) => new Set(entries.map(codeOf)).size === entries.length, '代码重复');

const insideMm = (label: string) =>
  z
    .number({ error: `${label}应为毫米整数` })
    .int(`${label}应为毫米整数`)
    .min(500, `${label}至少 500 mm`)
    .max(20000, `${label}最多 20000 mm`);
const capacity = z.strictObject({
  cbm: z.number().positive().max(200), // 容量 m³
  payloadKg: z.number().int().positive().max(40000), // 载重 kg
  /** 柜内尺寸 (mm): what the load plan (装柜图) places cartons in. */
  innerMm: z.strictObject({ length: insideMm('内长'), width: insideMm('内宽'), height: insideMm('内高') }),
});

/** A surcharge or rate: at most two decimals (four for a rate). */
const decimals = (places: number) => (value: number) => hasAtMostDecimals(value, places);
const uniqueBy =
  <T>(keyOf: (entry: T) => string) =>
  (entries: T[]) =>
    new Set(entries.map(keyOf)).size === entries.length;

export const settingSchemas = {
  /** 柜容量 */
  containerCapacity: z.strictObject({ '20GP': capacity, '40GP': capacity, '40HQ': capacity, '45HQ': capacity }),
  /** 附加费: per container, on top of the plan's locked price, for a carrier and lane (`*`: any). */
  surcharges: z
    .array(
      z.strictObject({
        carrier: z.string().regex(/^(\*|[A-Z]{2,4})$/, '船公司为 SCAC 代码，或 * 表示所有'),
        pol: z.string().regex(/^(\*|[A-Z]{2}[A-Z2-9]{3})$/, '起运港为 UN/LOCODE，或 * 表示所有'),
        pod: z.string().regex(/^(\*|[A-Z]{2}[A-Z2-9]{3})$/, '目的港为 UN/LOCODE，或 * 表示所有'),
        name: dictName,
        amount: z
          .number({ error: '金额应为数字' })
          .min(0, '金额不能为负')
          .max(1_000_000, '金额过大')
          .refine(decimals(2), '金额最多两位小数'),
        currency: z.enum(currencies, { error: '请选择币种' }),
      }),
    )
    .max(200, '最多 200 项')
    .refine(
      uniqueBy((entry: { carrier: string; pol: string; pod: string; name: string }) =>
        [entry.carrier, entry.pol, entry.pod, entry.name].join('|'),
      ),
      '同一船公司和航线的附加费重复',
    ),
  /** 汇率: CNY per unit of a currency, by month; the freight of a sailing takes its month's (or the latest before). */
  exchangeRates: z
    .array(
      z.strictObject({
        month: isoMonthSchema,
        currency: z.enum(['USD', 'EUR'], { error: '请选择币种' }),
        toCny: z
          .number({ error: '汇率应为数字' })
          .positive('汇率应大于 0')
          .max(100, '汇率过大')
          .refine(decimals(4), '汇率最多四位小数'),
      }),
    )
    .max(600, '最多 600 项')
    .refine(
      uniqueBy((entry: { month: string; currency: string }) => `${entry.month}|${entry.currency}`),
      '同一月份的币种重复',
    ),
  /** 散货运价: a forwarder's rate per CBM to a destination (`*`: any) from a month on, with its minimum charge. */
  looseRates: z
    .array(
      z.strictObject({
        month: isoMonthSchema,
        forwarder: dictName,
        destination: dictName,
        currency: z.enum(currencies, { error: '请选择币种' }),
        ratePerCbm: z
          .number({ error: '每立方运价应为数字' })
          .positive('每立方运价应大于 0')
          .max(100_000, '每立方运价过大')
          .refine(decimals(2), '每立方运价最多两位小数'),
        minimumCharge: z
          .number({ error: '最低收费应为数字' })
          .min(0, '最低收费不能为负')
          .max(1_000_000, '最低收费过大')
          .refine(decimals(2), '最低收费最多两位小数'),
      }),
    )
    .max(600, '最多 600 项')
    .refine(
      uniqueBy((entry: { month: string; forwarder: string; destination: string }) =>
        [entry.month, entry.forwarder, entry.destination].join('|'),
      ),
      '同一月份、货代和目的地的运价重复',
    ),
  /** 截单规则: cut-offs in hours before ETD. */
  bookingCutoff: z.strictObject({
    siCutoffHours: z.number().int().min(0).max(720), // 截单
    cyCutoffHours: z.number().int().min(0).max(720), // 截关
    vgmCutoffHours: z.number().int().min(0).max(720), // VGM
  }),
  /** 默认港口 (UN/LOCODE) */
  defaultPorts: z.strictObject({ pol: locode, pod: locode }),
  /** 港口 */
  ports: dictionary(z.strictObject({ code: locode, name: dictName, enName: dictName.optional() }), (port) => port.code),
  /** GS1: the company prefix and extension digit of the cartons' SSCCs (彩贴). */
  gs1: z.strictObject({
    companyPrefix: z.string().regex(/^\d{7,10}$/, 'GS1 厂商识别代码为 7–10 位数字'),
    extensionDigit: z.number().int().min(0, '扩展位为 0–9').max(9, '扩展位为 0–9'),
  }),
  /** 拼柜规则: how full a box may be loaded, % of its CBM capacity. */
  consolidation: z.strictObject({ fillFactorPercent: z.number().int().min(50).max(100) }),
  /** 船公司 */
  carriers: dictionary(
    z.strictObject({ scac: z.string().regex(/^[A-Z]{2,4}$/, 'SCAC 代码为 2–4 位大写字母'), name: dictName }),
    (carrier) => carrier.scac,
  ),
  /** 订舱工厂 */
  osbFactories: dictionary(
    z.strictObject({
      code: z.string().regex(/^[A-Z0-9-]{2,16}$/, '工厂代码为 2–16 位大写字母、数字或横线'),
      name: dictName,
      city: dictName,
      /** How the B/L prints it as shipper: English name and address. */
      enName: englishText(70).optional(),
      address: englishText(200).optional(),
    }),
    (factory) => factory.code,
  ),
} as const;
export type SettingKey = keyof typeof settingSchemas;
export const settingKeys = Object.keys(settingSchemas) as SettingKey[];
export const settingLabels: Record<SettingKey, string> = {
  containerCapacity: '柜容量',
  bookingCutoff: '截单规则',
  defaultPorts: '默认港口',
  ports: '港口',
  carriers: '船公司',
  osbFactories: '订舱工厂',
  consolidation: '拼柜规则',
  gs1: 'GS1 箱码',
  surcharges: '附加费',
  exchangeRates: '汇率',
  looseRates: '散货运价',
};
export const settingDefaults: { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> } = {
  containerCapacity: {
    '20GP': { cbm: 28, payloadKg: 28180, innerMm: { length: 5898, width: 2352, height: 2393 } },
    '40GP': { cbm: 58, payloadKg: 26730, innerMm: { length: 12032, width: 2352, height: 2393 } },
    '40HQ': { cbm: 68, payloadKg: 26540, innerMm: { length: 12032, width: 2352, height: 2698 } },
    '45HQ': { cbm: 76, payloadKg: 25660, innerMm: { length: 13556, width: 2352, height: 2698 } },
  },
  surcharges: [
    { carrier: '*', pol: 'CNSHA', pod: '*', name: '码头操作费 THC', amount: 1280, currency: 'CNY' },
    { carrier: '*', pol: 'CNNGB', pod: '*', name: '码头操作费 THC', amount: 1180, currency: 'CNY' },
    { carrier: '*', pol: '*', pod: '*', name: '文件费', amount: 45, currency: 'USD' },
  ],
  exchangeRates: [
    { month: '2026-01', currency: 'USD', toCny: 7.1 },
    { month: '2026-01', currency: 'EUR', toCny: 8.2 },
  ],
  looseRates: [{ month: '2026-01', forwarder: '*', destination: '*', currency: 'USD', ratePerCbm: 38, minimumCharge: 76 }],
  bookingCutoff: { siCutoffHours: 72, cyCutoffHours: 48, vgmCutoffHours: 48 },
  defaultPorts: { pol: 'CNSHA', pod: 'USLAX' },
  ports: [
    { code: 'CNSHA', name: '上海', enName: 'Shanghai' },
    { code: 'CNNGB', name: '宁波', enName: 'Ningbo' },
    { code: 'CNSZX', name: '深圳', enName: 'Shenzhen' },
    { code: 'CNTAO', name: '青岛', enName: 'Qingdao' },
    { code: 'USLAX', name: '洛杉矶', enName: 'Los Angeles' },
    { code: 'USNYC', name: '纽约', enName: 'New York' },
    { code: 'DEHAM', name: '汉堡', enName: 'Hamburg' },
    { code: 'NLRTM', name: '鹿特丹', enName: 'Rotterdam' },
    { code: 'GBFXT', name: '费利克斯托', enName: 'Felixstowe' },
    { code: 'AUSYD', name: '悉尼', enName: 'Sydney' },
    { code: 'JPTYO', name: '东京', enName: 'Tokyo' },
  ],
  consolidation: { fillFactorPercent: 100 },
  gs1: { companyPrefix: '6901234', extensionDigit: 0 },
  carriers: [
    { scac: 'MAEU', name: '马士基' },
    { scac: 'MSCU', name: '地中海航运' },
    { scac: 'CMDU', name: '达飞轮船' },
    { scac: 'COSU', name: '中远海运' },
    { scac: 'EGLV', name: '长荣海运' },
    { scac: 'ONEY', name: '海洋网联' },
  ],
  osbFactories: [
    {
      code: 'SH-GARMENT',
      name: '上海东方制衣厂',
      city: '上海',
      enName: 'SHANGHAI DONGFANG GARMENT FACTORY',
      address: '1288 CAOBAO ROAD, XUHUI DISTRICT, SHANGHAI 200233, CHINA',
    },
    {
      code: 'NB-KNIT',
      name: '宁波针织服装有限公司',
      city: '宁波',
      enName: 'NINGBO KNITTING GARMENT CO., LTD.',
      address: '66 JIANGNAN ROAD, BEILUN DISTRICT, NINGBO 315800, CHINA',
    },
    {
      code: 'JJ-SHOES',
      name: '晋江鞋业有限公司',
      city: '泉州',
      enName: 'JINJIANG FOOTWEAR CO., LTD.',
      address: '18 SHOES CITY AVENUE, JINJIANG, FUJIAN 362200, CHINA',
    },
  ],
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

const portSchema = z.object({ code: z.string(), name: z.string(), enName: z.string().optional() });
const carrierSchema = z.object({ scac: z.string(), name: z.string() });
const osbFactorySchema = z.object({
  code: z.string(),
  name: z.string(),
  city: z.string(),
  enName: z.string().optional(),
  address: z.string().optional(),
});

/** GET /v1/osbDict: what the booking pages choose from, read from the settings. */
export const osbDictSchema = z.object({
  ports: z.array(portSchema),
  carriers: z.array(carrierSchema),
  containerTypes: z.array(
    z.object({
      type: z.enum(containerTypes),
      cbm: z.number(),
      payloadKg: z.number(),
      innerMm: z.object({ length: z.number(), width: z.number(), height: z.number() }),
    }),
  ),
  changeTypes: z.array(z.object({ value: z.string(), label: z.string() })),
  defaultPorts: z.object({ pol: z.string(), pod: z.string() }),
  /** 截单: hours before a sailing (setting bookingCutoff), so that the calendar greys the sailings past it. */
  siCutoffHours: z.number(),
});
export type OsbDict = z.infer<typeof osbDictSchema>;

export const settingEndpoints = defineEndpoints(settingRoutes, {
  list: { summary: '设置列表', access: 'read', response: listResultSchema(settingSchema) },
  get: { summary: '设置项', access: 'read', params: keyParams, response: settingSchema },
  put: { summary: '修改设置项（需版本号）', access: 'write', params: keyParams, body: settingPutSchema, response: settingSchema },
  dict: { summary: '订舱字典：港口、船公司、箱型、变更类型', access: 'read', response: osbDictSchema },
  osbFactories: { summary: '订舱工厂', access: 'read', response: z.array(osbFactorySchema) },
});
