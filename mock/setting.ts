/** Mock of 设置 and the booking dictionaries for `npm run dev`: each key's value checked by its schema, versioned. */
import { changeTypeLabels, changeTypes } from '../contract/plan/codes';
import {
  containerTypes,
  settingAccess,
  settingEndpoints,
  settingLabels,
  settingSchemas,
  type SettingKey,
} from '../contract/setting/schema';
import { mockEndpoints, refuse } from './_resource';
import { settings, valueOf } from './_tables';

const settingOf = (key: SettingKey) => ({ key, label: settingLabels[key], ...settings.get(key)! });

export default mockEndpoints(settingEndpoints, settingAccess, '设置项不存在', {
  list: () => ({
    data: [...settings.keys()].map(settingOf),
    total: settings.size,
    success: true,
    current: 1,
    pageSize: settings.size,
  }),
  get: ({ params }) =>
    (settings.has(params.key) ? settingOf(params.key) : undefined) ?? Promise.reject(refuse(404, 'NOT_FOUND', '设置项不存在')),
  put: ({ user, params, body }) => {
    const key = params.key as SettingKey;
    const stored = settings.get(key);
    if (!stored) throw refuse(404, 'NOT_FOUND', '设置项不存在');
    const parsed = settingSchemas[key].safeParse(body.value);
    if (!parsed.success)
      throw refuse(422, 'VALIDATION_ERROR', parsed.error.issues[0].message, {
        [['value', ...parsed.error.issues[0].path].join('.')]: parsed.error.issues[0].message,
      });
    if (stored.version !== body.version) throw refuse(409, 'VERSION_CONFLICT', '该设置已被他人修改，请刷新后重试');
    settings.set(key, {
      value: parsed.data,
      version: stored.version + 1,
      updatedAt: new Date().toISOString(),
      updatedBy: user.id,
    });
    return settingOf(key);
  },
  dict: () => ({
    ports: valueOf('ports'),
    carriers: valueOf('carriers'),
    containerTypes: containerTypes.map((type) => ({ type, ...valueOf('containerCapacity')[type] })),
    changeTypes: changeTypes.map((value) => ({ value, label: changeTypeLabels[value] })),
    defaultPorts: valueOf('defaultPorts'),
    siCutoffHours: valueOf('bookingCutoff').siCutoffHours,
  }),
  osbFactories: () => valueOf('osbFactories'),
});
