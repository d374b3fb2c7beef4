/** 系统管理 routes, registered from the endpoint table: the administrator's accounts console. */
import { adminAccess, adminEndpoints, adminMessages } from '../../contract/admin/schema';
import { getAccount, listAccounts, listSignIns } from '../domain/admin/accounts';
import { changeAccount, mailPasswordReset } from '../domain/admin/mails';
import { endpointPlugin, type EndpointInput } from '../http/endpoints';

const services = ({ db, request }: Pick<EndpointInput<never>, 'db' | 'request'>) => ({
  db,
  config: request.server.config,
  mailer: request.server.mailer,
});

export const adminRoutes = endpointPlugin(
  adminEndpoints,
  { policy: adminAccess, notFoundMessage: adminMessages.noAccount },
  {
    accounts: ({ db, query }) => listAccounts(db, query),
    account: ({ db, params }) => getAccount(db, params.id),
    patchAccount: (input) => changeAccount(services(input), input.caller, input.params.id, input.body),
    mailPasswordReset: (input) => mailPasswordReset(services(input), input.params.id),
    signIns: ({ db, params, query }) => listSignIns(db, params.id, query),
  },
);
