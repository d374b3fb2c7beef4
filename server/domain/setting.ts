/** Settings: one JSON value per key, each validated by its schema in contract/setting/schema.ts; PUT needs the version. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ListResult } from '../../contract/shared/common';
import { changeTypeLabels, changeTypes } from '../../contract/plan/codes';
import {
  containerTypes,
  settingDefaults,
  settingKeys,
  settingLabels,
  settingSchemas,
  type OsbDict,
  type OsbFactory,
  type Setting,
  type SettingKey,
} from '../../contract/setting/schema';
import { audit } from '../db/audit';
import type { Db } from '../db/open';
import { settings, type SettingRow } from '../db/schema';
import { conflict, invalid, notFound } from './refusals';

const isSettingKey = (key: string): key is SettingKey => (settingKeys as string[]).includes(key);

function toSetting(row: SettingRow): Setting {
  const key = row.key as SettingKey;
  return {
    key,
    label: settingLabels[key],
    value: row.value,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Adds the default of every key that has no row yet (first start, or a key added by a later release). */
export async function ensureSettingDefaults(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values(settingKeys.map((key) => ({ key, value: settingDefaults[key], updatedBy: 'system' })))
    .onConflictDoNothing({ target: settings.key });
}

export async function listSettings(db: Db): Promise<ListResult<Setting>> {
  const rows = await db.select().from(settings).orderBy(asc(settings.key));
  const data = rows.filter((row) => isSettingKey(row.key)).map(toSetting);
  return { data, total: data.length, success: true, current: 1, pageSize: Math.max(data.length, 1) };
}

export async function getSetting(db: Db, key: string): Promise<Setting> {
  if (!isSettingKey(key)) throw notFound('设置项不存在');
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw notFound('设置项不存在');
  return toSetting(row);
}

export async function putSetting(
  db: Db,
  key: string,
  input: { value: unknown; version: number },
  actor: string,
): Promise<Setting> {
  if (!isSettingKey(key)) throw notFound('设置项不存在');
  const parsed = settingSchemas[key].safeParse(input.value);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = ['value', ...issue.path.map(String)];
      if (issue.code === 'unrecognized_keys') for (const k of issue.keys) fields[[...path, k].join('.')] ??= '不允许的字段';
      else fields[path.join('.')] ??= issue.message;
    }
    throw invalid(fields);
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.key, key));
    const [after] = await tx
      .update(settings)
      .set({ value: parsed.data, version: sql`${settings.version} + 1`, updatedAt: sql`now()`, updatedBy: actor })
      .where(and(eq(settings.key, key), eq(settings.version, input.version)))
      .returning();
    if (!after) throw conflict('VERSION_CONFLICT', '该设置已被他人修改，请刷新后重试');
    await audit(tx, { actor, entity: 'setting', entityKey: key, before: before && toSetting(before), after: toSetting(after) });
    return toSetting(after);
  });
}

export type SettingValue<K extends SettingKey> = (typeof settingDefaults)[K];

/** A setting's current value (its default before the first start wrote it). Read in the caller's transaction. */
export async function settingValue<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return (row?.value ?? settingDefaults[key]) as SettingValue<K>;
}

/** GET /v1/osbDict */
export async function osbDict(db: Db): Promise<OsbDict> {
  const [ports, carriers, capacity, defaultPorts, cutoff] = await Promise.all([
    settingValue(db, 'ports'),
    settingValue(db, 'carriers'),
    settingValue(db, 'containerCapacity'),
    settingValue(db, 'defaultPorts'),
    settingValue(db, 'bookingCutoff'),
  ]);
  return {
    ports,
    carriers,
    containerTypes: containerTypes.map((type) => ({ type, ...capacity[type] })),
    changeTypes: changeTypes.map((value) => ({ value, label: changeTypeLabels[value] })),
    defaultPorts,
    siCutoffHours: cutoff.siCutoffHours,
  };
}

/** GET /v1/osbFactory */
export const osbFactories = (db: Db): Promise<OsbFactory[]> => settingValue(db, 'osbFactories');
