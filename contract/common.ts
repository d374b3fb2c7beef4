/**
 * Shapes shared by every resource of the API (DESIGN.md §4). The front end imports these with
 * `import type` only, so zod stays out of the browser bundle.
 */
import { z } from 'zod';
import { messages, PASSWORD_MIN, roles } from './formats';

export { messages, PASSWORD_MIN, patterns, roleLabels, roles, type Role } from './formats';
export const roleSchema = z.enum(roles);

/** The body of every error answer. `fields` names the invalid fields of a 422. */
export interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  fields?: Record<string, string>;
}

/** Paging and sorting of every list call: `?current=1&pageSize=20&sorter=field:ascend`. */
export const listQuerySchema = z.object({
  current: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  sorter: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*:(ascend|descend)$/, '排序格式应为 字段:ascend 或 字段:descend')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** What ProTable reads. */
export interface ListResult<T> {
  data: T[];
  total: number;
  success: true;
  current: number;
  pageSize: number;
}

/** `DELETE …/?keys=k1,k2` */
export const keysQuerySchema = z.object({
  keys: z
    .string()
    .min(1)
    .transform((s) => s.split(',').map((k) => k.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(1).max(64)).min(1).max(1000)),
});
export interface DeleteResult {
  success: true;
  deleted: number;
}

export const passwordSchema = z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).min(PASSWORD_MIN, messages.passwordMin).max(128);
