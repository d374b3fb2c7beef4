/** 邮件提醒 calls of the signed-out unsubscribe page; the page shows their errors itself. */
import { requestRoute } from '@/utils/requestRoute';
import { mailRoutes as routes, type UnsubscribeInfo } from '@contract/mail/codes';

const quiet = { skipErrorHandler: true };

/** GET /v1/mail/unsubscribe?token= : which switch the mailed link turns off. */
export const unsubscribeInfo = (token: string) =>
  requestRoute<UnsubscribeInfo>(routes.unsubscribeInfo, { params: { token }, ...quiet });

/** POST /v1/mail/unsubscribe: turns it off (again, harmlessly). */
export const unsubscribe = (token: string) => requestRoute<UnsubscribeInfo>(routes.unsubscribe, { data: { token }, ...quiet });
