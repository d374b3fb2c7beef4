/** 报关交接 routes, registered from the endpoint table under the declaration access policy. */
import { declarationAccess, declarationEndpoints } from '../../contract/declaration';
import {
  createDeclaration,
  declarationElements,
  getDeclaration,
  listDeclarations,
  updateDeclaration,
} from '../domain/declarations';
import { endpointPlugin, sendXlsx } from '../http/endpoints';

export const declarationRoutes = endpointPlugin(
  declarationEndpoints,
  { policy: declarationAccess, notFoundMessage: '报关交接不存在' },
  {
    list: ({ db, caller, query }) => listDeclarations(db, caller, query),
    get: ({ db, caller, params }) => getDeclaration(db, caller, params.key),
    create: ({ db, caller, body }) => createDeclaration(db, caller, body.orderKey),
    update: ({ db, caller, params, body }) => updateDeclaration(db, caller, params.key, body),
    elements: async ({ db, caller, params, reply }) => {
      const { name, file } = await declarationElements(db, caller, params.key);
      return sendXlsx(reply, name, file);
    },
  },
);
