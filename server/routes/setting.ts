/** Settings, registered from the endpoint table of contract/setting/schema.ts. */
import { settingAccess, settingEndpoints } from '../../contract/setting/schema';
import { getSetting, listSettings, osbDict, osbFactories, putSetting } from '../domain/setting';
import { endpointPlugin } from '../http/endpoints';

export default endpointPlugin(
  settingEndpoints,
  { policy: settingAccess, notFoundMessage: '设置项不存在' },
  {
    list: ({ db }) => listSettings(db),
    get: ({ db, params }) => getSetting(db, params.key),
    put: ({ db, caller, params, body }) => putSetting(db, params.key, body, caller.id),
    dict: ({ db }) => osbDict(db),
    osbFactories: ({ db }) => osbFactories(db),
  },
);
