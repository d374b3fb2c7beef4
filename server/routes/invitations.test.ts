/**
 * 邀请同事: the manager of 华东服饰 (`user`) invites colleagues by e-mail. At most 5 open at once; the link is
 * single-use, expires, is stored hashed, and makes an active member of the company who then sees its records.
 */
import { eq, sql } from 'drizzle-orm';
import { companyMessages, MAX_OPEN_INVITATIONS } from '../../contract/company/codes';
import { sha256 } from '../auth/tokens';
import { companyInvitations } from '../db/schema';
import { createDemoApp, type DemoName } from '../testing/demo';
import { TEST_PUBLIC_URL, type TestApp } from '../testing/harness';

let t: TestApp;
let token: Record<DemoName, string>;

beforeAll(async () => {
  ({ t, token } = await createDemoApp());
});
afterAll(() => t.close());

const invite = (email: string, as: DemoName = 'user') =>
  t.call('POST', '/v1/company/invitations', { token: token[as], body: { email } });
const linkTokenOf = (email: string) => {
  const mail = t.mails(email).pop();
  expect(mail?.link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/user/register\\?invitation=[\\w-]{43}$`));
  return new URL(mail!.link!).searchParams.get('invitation')!;
};

let mobiles = 0;
async function registerWith(invitation: string, over: Record<string, string> = {}) {
  mobiles += 1;
  const mobile = `1370000${String(mobiles).padStart(4, '0')}`;
  expect((await t.call('POST', '/v1/auth/captcha', { body: { mobile } })).statusCode).toBe(200);
  return t.call('POST', '/v1/auth/register', {
    body: {
      userName: `invited${mobiles}`,
      realName: '吴晓',
      email: 'wu@huadong.example',
      mobile,
      captcha: t.smsCode(mobile),
      password: 'secret99',
      role: 'user',
      invitation,
      ...over,
    },
  });
}

it('the invited colleague registers from the mailed link, is active at once and sees the company’s lines', async () => {
  const sent = await invite('wu@huadong.example');
  expect(sent.statusCode).toBe(201);
  expect(sent.json()).toMatchObject({ email: 'wu@huadong.example', invitedBy: expect.any(String) });
  const invitation = linkTokenOf('wu@huadong.example');
  // Kept only as its hash.
  const [stored] = await t.app.db.select().from(companyInvitations).where(eq(companyInvitations.id, sent.json().id));
  expect(stored.tokenHash).toBe(sha256(invitation));
  expect(JSON.stringify(stored)).not.toContain(invitation);

  const shown = await t.call('GET', `/v1/auth/invitation?token=${invitation}`);
  expect(shown.statusCode).toBe(200);
  expect(shown.json()).toMatchObject({ companyName: '华东服饰有限公司', email: 'wu@huadong.example' });

  const registered = await registerWith(invitation);
  expect(registered.statusCode).toBe(200);
  expect(registered.json()).toMatchObject({ status: 'ok', next: 'signIn' });
  const newcomer = await t.login(`invited${mobiles}`, 'secret99');
  const me = (await t.call('GET', '/v1/users/current', { token: newcomer })).json();
  expect(me).toMatchObject({ status: 'active', isManager: false, company: { name: '华东服饰有限公司' } });
  const lines = (url: string, as: string) => t.call('GET', url, { token: as }).then((r) => r.json().total);
  expect(await lines('/v1/packing/bulkdata', newcomer)).toBe(await lines('/v1/packing/bulkdata', token.user));

  // Single use: the link is spent, and the invitation is no longer open.
  expect((await t.call('GET', `/v1/auth/invitation?token=${invitation}`)).statusCode).toBe(404);
  expect((await registerWith(invitation, { email: 'wu@huadong.example' })).statusCode).toBe(404);
  const open = (await t.call('GET', '/v1/company/invitations', { token: token.user })).json();
  expect(open.data.map((row: { email: string }) => row.email)).not.toContain('wu@huadong.example');
});

it('a refused registration leaves the invitation open: another e-mail, another role', async () => {
  await invite('zhao@huadong.example');
  const invitation = linkTokenOf('zhao@huadong.example');
  const otherMail = await registerWith(invitation, { email: 'zhao@elsewhere.example' });
  expect(otherMail.statusCode).toBe(422);
  expect(otherMail.json().fields).toEqual({ email: companyMessages.invitationEmail });
  const otherRole = await registerWith(invitation, { email: 'zhao@huadong.example', role: 'inspector' });
  expect(otherRole.statusCode).toBe(422);
  expect(otherRole.json().fields).toEqual({ role: companyMessages.invitationRole });
  expect((await t.call('GET', `/v1/auth/invitation?token=${invitation}`)).statusCode).toBe(200);
});

it(`at most ${MAX_OPEN_INVITATIONS} open; a member’s or an invited address is refused; a revoked link is dead`, async () => {
  const openNow = () => t.call('GET', '/v1/company/invitations', { token: token.user }).then((r) => r.json().data);
  for (const row of await openNow()) {
    await t.call('DELETE', `/v1/company/invitations/${row.id}`, { token: token.user });
  }
  for (let n = 1; n <= MAX_OPEN_INVITATIONS; n += 1) expect((await invite(`c${n}@huadong.example`)).statusCode).toBe(201);
  const sixth = await invite('c6@huadong.example');
  expect(sixth.statusCode).toBe(422);
  expect(sixth.json()).toMatchObject({ fields: { email: companyMessages.tooManyInvitations } });
  expect((await invite('c1@huadong.example')).json().fields).toEqual({ email: companyMessages.alreadyInvited });

  const [first] = await openNow();
  const revokedLink = linkTokenOf(first.email);
  expect((await t.call('DELETE', `/v1/company/invitations/${first.id}`, { token: token.user })).statusCode).toBe(200);
  expect((await t.call('GET', `/v1/auth/invitation?token=${revokedLink}`)).statusCode).toBe(404);
  expect((await invite('c6@huadong.example')).statusCode).toBe(201);

  const memberMail = (await t.call('GET', '/v1/company/members', { token: token.user })).json().data[1].email;
  await t.call('DELETE', `/v1/company/invitations/${(await openNow())[0].id}`, { token: token.user });
  expect((await invite(memberMail)).json().fields).toEqual({ email: companyMessages.alreadyMember });
});

it('an expired link is refused, and no longer counts as open', async () => {
  await t.call('POST', '/v1/company/invitations', { token: token.user2, body: { email: 'lin@linshi.example' } });
  const link = linkTokenOf('lin@linshi.example');
  await t.app.db
    .update(companyInvitations)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(companyInvitations.tokenHash, sha256(link)));
  expect((await t.call('GET', `/v1/auth/invitation?token=${link}`)).statusCode).toBe(404);
  expect((await t.call('GET', '/v1/company/invitations', { token: token.user2 })).json().data).toEqual([]);
});

it('only the manager invites and revokes; another company’s invitation is unknown; staff have no company', async () => {
  const colleague = await invite('x@huadong.example', 'user-b');
  expect(colleague.statusCode).toBe(403);
  expect(colleague.json().errorMessage).toBe(companyMessages.inviteNotManager);
  const [mine] = (await t.call('GET', '/v1/company/invitations', { token: token.user })).json().data;
  expect((await t.call('DELETE', `/v1/company/invitations/${mine.id}`, { token: token['user-b'] })).statusCode).toBe(403);
  expect((await t.call('DELETE', `/v1/company/invitations/${mine.id}`, { token: token.user2 })).statusCode).toBe(404);
  expect((await t.call('GET', '/v1/company/invitations', { token: token.user2 })).json().data).toEqual([]);
  expect((await t.call('GET', '/v1/company/invitations', { token: token.clerk })).statusCode).toBe(403);
});
