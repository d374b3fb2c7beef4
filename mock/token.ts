/** API 令牌 in the mock: each person's tokens in the one store; the mock signs nobody in by them. */
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_PREFIX, tokenAccess, tokenEndpoints, tokenLimits, type ApiToken } from '../contract/token/schema';
import { mockEndpoints, refuse } from './_resource';
import { shared } from './_store';

const tokens = shared('tokens', () => [] as (ApiToken & { owner: string })[]);
const live = (owner: string) => tokens.filter((token) => token.owner === owner && token.expiresAt > new Date().toISOString());
const shown = ({ owner: _owner, ...token }: ApiToken & { owner: string }): ApiToken => token;

export default mockEndpoints(tokenEndpoints, tokenAccess, '令牌不存在或已撤销', {
  list: ({ user }) => {
    const data = live(user.id).map(shown);
    return { data, total: data.length, current: 1, pageSize: tokenLimits.perPerson, success: true };
  },
  create: ({ user, body }) => {
    if (live(user.id).length >= tokenLimits.perPerson) {
      throw refuse(409, 'TOO_MANY_TOKENS', `最多 ${tokenLimits.perPerson} 个有效令牌，请先撤销不用的令牌`);
    }
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const now = new Date();
    const made = {
      id: createHash('sha256').update(token).digest('hex').slice(0, 16),
      name: body.name,
      scope: body.scope,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + body.expiresInDays * 86_400_000).toISOString(),
      lastUsedAt: null,
      owner: user.id,
    };
    tokens.push(made);
    return { ...shown(made), token };
  },
  revoke: ({ user, params }) => {
    const at = tokens.findIndex((token) => token.owner === user.id && token.id === params.id);
    if (at < 0) throw refuse(404, 'NOT_FOUND', '令牌不存在或已撤销');
    tokens.splice(at, 1);
    return { success: true, deleted: 1 };
  },
});
