/** 邮件提醒 routes, registered from the endpoint table: the signed-out unsubscribe link. */
import { mailAccess } from '../../contract/mail/codes';
import { mailEndpoints } from '../../contract/mail/schema';
import { unsubscribe, unsubscribeInfo } from '../domain/mail';
import { endpointPlugin } from '../http/endpoints';

export const mailRoutes = endpointPlugin(
  mailEndpoints,
  { policy: mailAccess, notFoundMessage: '退订链接无效或已过期' },
  {
    unsubscribeInfo: ({ db, query }) => unsubscribeInfo(db, query.token),
    unsubscribe: ({ db, body }) => unsubscribe(db, body.token),
  },
);
