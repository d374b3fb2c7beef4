/**
 * 邮件提醒 in the mock: it sends no mail, so its unsubscribe links are written by hand as
 * `<user name>:<kind>:link` (`/user/unsubscribe?token=user:bolToConfirm:link` turns the demo customer's switch off).
 */
import { mailAccess, todoMailKinds, type TodoMailKind } from '../contract/mail/codes';
import { mailEndpoints } from '../contract/mail/schema';
import { findUser } from './_demo';
import { mockEndpoints, refuse } from './_resource';

function linkOf(token: string) {
  const [name, kind] = token.split(':');
  const user = findUser(name);
  if (!user || !(kind in todoMailKinds)) throw refuse(404, 'TOKEN_INVALID', '退订链接无效或已过期');
  const label = todoMailKinds[kind as TodoMailKind].label;
  const info = () => ({
    kind: kind as TodoMailKind,
    label,
    account: `${user.name.slice(0, 2)}***`,
    subscribed: user.mailPreferences.todos[kind as TodoMailKind] === true,
  });
  return { user, kind: kind as TodoMailKind, info };
}

export default mockEndpoints(mailEndpoints, mailAccess, '退订链接无效或已过期', {
  unsubscribeInfo: ({ query }) => linkOf(query.token).info(),
  unsubscribe: ({ body }) => {
    const { user, kind, info } = linkOf(body.token);
    user.mailPreferences = { ...user.mailPreferences, todos: { ...user.mailPreferences.todos, [kind]: false } };
    return info();
  },
});
