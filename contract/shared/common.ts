/**
 * Shapes shared by every resource of the API (DESIGN.md §4). The front end imports these with
 * `import type` only, so zod stays out of the browser bundle.
 */
import { z } from 'zod';
import { messages, PASSWORD_MIN, personRoles, roles } from './formats';

export {
  messages,
  PASSWORD_MIN,
  patterns,
  isPersonRole,
  roleLabels,
  roles,
  adminRole,
  personRoles,
  systemRole,
  type PersonRole,
  type Role,
} from './formats';
/** A role one registers for. */
export const roleSchema = z.enum(roles);
/** A role a person signs in with (an account's roles, `currentAuthority`). */
export const personRoleSchema = z.enum(personRoles);

/** The body of every error answer. `fields` names the invalid fields of a 422. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  errorMessage: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** A refused import's bad rows (row as Excel numbers it, header = 1), the first ones when `rowsTruncated`. */
  rows: z.array(z.object({ row: z.number(), field: z.string().optional(), message: z.string() })).optional(),
  rowsTruncated: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The names of a row's owner and their company (shared/owners.ts). */
export const ownerNameFields = { ownerName: z.string(), ownerCompanyName: z.string() };
/** A list query's filter by 客户公司: a company's key (GET /v1/companies). */
export const ownerCompanyQuery = {
  ownerCompany: z
    .string()
    .regex(/^CO\d{1,18}$/, '客户公司编号有误')
    .optional()
    .describe('客户公司：公司编号（GET /v1/companies），只列该公司的记录'),
};

/** The range of the database's `integer` columns: a larger number is refused before it reaches a query. */
export const INT4_MAX = 2_147_483_647;

/** Every mutable business row's `version` (DESIGN.md §4); PUT/PATCH/DELETE send back the one read. */
export const versionSchema = z.number({ error: '缺少版本号' }).int('版本号应为整数').min(0).max(INT4_MAX);

/** The first row whose version the client did not send or sent stale: a change of several rows is a 409 then. */
export function firstStale<T extends { key: string; version: number }>(
  rows: readonly T[],
  versions: Readonly<Record<string, number>>,
): T | undefined {
  return rows.find((row) => !Object.prototype.hasOwnProperty.call(versions, row.key) || versions[row.key] !== row.version);
}

/**
 * A one-line text: no control characters, line breaks and tabs included. The edge refuses controls in every
 * request; this holds for text that arrives another way too (the cells of an uploaded workbook).
 */
export const singleLine = (message = '不能包含控制字符或换行', required?: string) =>
  z.string(required ? { error: required } : undefined).regex(/^[^\u0000-\u001f\u007f]*$/, message);

/**
 * The dates the business deals in: 2000-01-01 to 2100-12-31. A real calendar date outside them (year 0000, 9999)
 * is a typing slip, and the database refuses some of them (it has no year 0): the contract refuses them first.
 */
export const businessYears = { first: 2000, last: 2100 } as const;
const dateRangeMessage = `日期应在 ${businessYears.first}-01-01 至 ${businessYears.last}-12-31 之间`;
/** Only text of the right shape is checked here: a malformed one already has its format message. */
const inBusinessYears = (text: string) => {
  if (!/^\d{4}-/.test(text)) return true;
  const year = Number(text.slice(0, 4));
  return year >= businessYears.first && year <= businessYears.last;
};

/** A real calendar date written YYYY-MM-DD, within businessYears. */
export const isoDateSchema = z.iso
  .date({ error: '日期格式应为 YYYY-MM-DD' })
  .refine(inBusinessYears, dateRangeMessage)
  .meta({ description: `YYYY-MM-DD，${businessYears.first}–${businessYears.last} 年` });

/** An instant with its offset (2026-11-28T09:30:00Z or …+08:00), within businessYears. */
export const isoInstantSchema = z.iso
  .datetime({ offset: true, error: '时间应为带时区的 ISO 8601 时间，如 2026-11-28T09:30:00+08:00' })
  .refine(inBusinessYears, `时间应在 ${businessYears.first} 至 ${businessYears.last} 年之间`);

/** A month written YYYY-MM, within businessYears. */
export const isoMonthSchema = z
  .string({ error: '月份格式应为 YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 YYYY-MM')
  .refine(inBusinessYears, `月份应在 ${businessYears.first}-01 至 ${businessYears.last}-12 之间`);

/** An ISO week written YYYY-Www (01–53), within businessYears. */
export const isoWeekSchema = z
  .string({ error: '周次格式应为 YYYY-Www' })
  .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, '周次格式应为 YYYY-Www')
  .refine(inBusinessYears, `周次应在 ${businessYears.first} 至 ${businessYears.last} 年之间`);

/** True when `field` is one of `fields`, looked up without the prototype chain (`constructor` is no field). */
export function isOwnField<T extends string>(fields: Readonly<Record<T, unknown>> | readonly T[], field: string): field is T {
  return Array.isArray(fields) ? fields.includes(field as T) : Object.prototype.hasOwnProperty.call(fields, field);
}

/**
 * Paging and sorting of a list call: `?current=1&pageSize=20&sorter=field:ascend`, the field one of
 * `sortFields` (anything else, prototype names included, is refused by the schema).
 */
const pageNumber = (max: number) =>
  z.coerce
    .number({ error: '页码应为数字' })
    .int('页码应为整数')
    .min(1, '页码从 1 开始')
    .max(max, `页码不能大于 ${max}`)
    .default(1);
const pageSizeOf = (max: number, defaultSize: number) =>
  z.coerce
    .number({ error: '每页条数应为数字' })
    .int('每页条数应为整数')
    .min(1, '每页至少 1 条')
    .max(max, `每页最多 ${max} 条`)
    .default(defaultSize);

/** `current` and `pageSize` of a list without a sorter (groups, boxes), `pageSize` up to `maxPageSize`. */
export const pageQuery = (maxPageSize: number, defaultPageSize = 20) =>
  z.object({ current: pageNumber(10_000), pageSize: pageSizeOf(maxPageSize, defaultPageSize) });

export function listQuery(sortFields: readonly string[]) {
  return z.object({
    current: pageNumber(100_000),
    pageSize: pageSizeOf(500, 20),
    sorter: z
      .string()
      .max(64, '排序参数过长')
      .regex(/^[A-Za-z_][A-Za-z0-9_]*:(ascend|descend)$/, '排序格式应为 字段:ascend 或 字段:descend')
      .refine((sorter) => isOwnField(sortFields, sorter.split(':')[0]), '不支持按该字段排序')
      .optional(),
  });
}
export type ListQuery = z.infer<ReturnType<typeof listQuery>>;

/** What ProTable reads. */
export interface ListResult<T> {
  data: T[];
  total: number;
  success: true;
  current: number;
  pageSize: number;
}

/**
 * The schema of a list answer of `item`s (responses are documented, and checked in the API tests). A total
 * counted only up to a cap says so (`totalIsEstimate`, `totalCap`).
 */
export const listResultSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number(),
    success: z.literal(true),
    current: z.number(),
    pageSize: z.number(),
    totalIsEstimate: z.boolean().optional(),
    totalCap: z.number().optional(),
  });

const commaList = () =>
  z
    .string()
    .min(1)
    .max(70_000)
    .transform((s) =>
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    );

/**
 * `DELETE …/?keys=k1,k2&versions=3,1` — the version read of each key, in the same order. A key whose version
 * is missing or stale makes the whole call a 409; nothing is deleted.
 */
export const keysQuerySchema = z
  .object({
    keys: commaList().pipe(z.array(z.string().min(1).max(64)).min(1).max(1000)),
    versions: commaList().pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,10}$/, '版本号应为整数')
            .transform(Number)
            .pipe(versionSchema),
        )
        .min(1)
        .max(1000),
    ),
  })
  .refine((query) => query.versions.length === query.keys.length, { path: ['versions'], message: '每条记录都要有版本号' })
  .transform(({ keys, versions }) => ({
    keys,
    versions: Object.fromEntries(keys.map((key: string, i: number) => [key, versions[i]])) as Record<string, number>,
  }));
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file answer of media type `type`, as the OpenAPI document shows it (the body is the file's bytes). */
export const fileSchema = (description: string, type: string) =>
  z.string().meta({ description, format: 'binary', contentMediaType: type });
export const xlsxSchema = fileSchema('xlsx 文件', XLSX_TYPE);
export const pdfSchema = fileSchema('PDF 文件', 'application/pdf');

export const deleteResultSchema = z.object({ success: z.literal(true), deleted: z.number() });
export type DeleteResult = z.infer<typeof deleteResultSchema>;

export const passwordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN, messages.passwordMin)
  .max(128);
