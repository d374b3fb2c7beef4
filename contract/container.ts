/**
 * 柜 API: the containers of a confirmed booking plan (at most its quantity), each with its number (ISO 6346,
 * check digit verified), seal, tare and VGM when known, and the capacity of its type when it was added.
 */
import { z } from 'zod';
import { singleLine, versionSchema } from './common';
import { containerNoProblem, containerRoutes } from './containerCodes';
import { defineEndpoints } from './endpoint';

export * from './containerCodes';

const containerNo = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .superRefine((value, context) => {
    const problem = containerNoProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const kg = (label: string) =>
  z
    .number({ error: `${label}应为数字` })
    .positive(`${label}应大于 0`)
    .max(60_000, `${label}过大`);

/** What a container's owner writes; a number, seal or weight may come later (null clears it). */
const containerFields = {
  containerNo: containerNo.nullable().optional(),
  sealNo: singleLine('封号不能包含控制字符或换行').trim().max(30, '封号最多 30 个字符').nullable().optional(),
  tareKg: kg('皮重').nullable().optional(),
  vgmKg: kg('VGM').nullable().optional(),
};

export const containerCreateSchema = z.strictObject(containerFields);
export type ContainerCreate = z.input<typeof containerCreateSchema>;
export const containerUpdateSchema = z.strictObject({ ...containerFields, version: versionSchema });
export type ContainerUpdate = z.input<typeof containerUpdateSchema>;

export const containerSchema = z.object({
  key: z.string(),
  planKey: z.string(),
  containerType: z.string(),
  containerNo: z.string().nullable(),
  sealNo: z.string().nullable(),
  tareKg: z.number().nullable(),
  vgmKg: z.number().nullable(),
  cbmCapacity: z.number(),
  payloadKg: z.number(),
  owner: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Container = z.infer<typeof containerSchema>;

const planParams = z.strictObject({ planKey: z.string().min(1).max(64) });
const keyParams = planParams.extend({ key: z.string().min(1).max(64) });

export const containerEndpoints = defineEndpoints(containerRoutes, {
  create: {
    summary: '为已确认的计划添加一个柜（最多到计划柜量）',
    access: 'write',
    params: planParams,
    body: containerCreateSchema,
    response: containerSchema,
    status: 201,
  },
  update: {
    summary: '修改柜号、封号、皮重、VGM（需版本号）',
    access: 'write',
    params: keyParams,
    body: containerUpdateSchema,
    response: containerSchema,
  },
  remove: {
    summary: '删除空柜（需版本号）',
    access: 'write',
    params: keyParams,
    body: z.strictObject({ version: versionSchema }),
    response: z.object({ success: z.literal(true), deleted: z.number() }),
  },
});
