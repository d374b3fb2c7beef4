/**
 * 邮件提醒: a to-do whose switch is on arrives by mail — one each, or a digest after the user's interval — once,
 * also when two server processes run the mail job at the same moment; nothing after the to-do is done or the
 * switch is off; the mailed unsubscribe link turns that one switch off, signed out.
 */
import { eq } from 'drizzle-orm';
import type { MailPreferences } from '../../contract/mail/codes';
import { todoMails } from '../db/schema';
import { todoMailJob } from '../jobs/todoMails';
import { runIfDue } from '../jobs/schedule';
import { bookDraft, putPrice, submit } from '../testing/booking';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../testing/harness';
import type { App } from '../app';

let t: TestApp;
let other: App;
let user: string;
let clerk: string;
let clerk2: string;
let priceKey: string;
const CLERK_MAIL = 'mlclerk@example.com';

beforeAll(async () => {
  t = await createTestApp();
  other = await t.anotherServer();
  await t.addUser('mluser', ['user']);
  await t.addUser('mlclerk', ['documentClerk'], { realName: '张文员' });
  await t.addUser('mlclerk2', ['documentClerk']);
  [user, clerk, clerk2] = await Promise.all(['mluser', 'mlclerk', 'mlclerk2'].map((n) => t.login(n)));
  priceKey = (await putPrice(t, clerk)).key;
});
afterAll(() => t.close());

/** The mail job of each of the two processes, run at the same moment `minutes` from now. */
let clock = Date.now();
async function runMailJobs(minutes = 2) {
  clock = Math.max(clock, Date.now()) + minutes * 60_000;
  const now = new Date(clock);
  const ran = await Promise.all(
    [t.app, other].map((app) => runIfDue(app.db, todoMailJob(app.db, app.mailer, TEST_PUBLIC_URL, app.log), now)),
  );
  expect(ran.filter(Boolean).length).toBeLessThanOrEqual(1);
}

async function setMail(token: string, name: string, mail: MailPreferences) {
  const answer = await t.call('PATCH', `/v1/users/${name}`, { token, body: { mailPreferences: mail } });
  expect(answer.statusCode).toBe(200);
  expect(answer.json().mailPreferences).toEqual(mail);
}

const submitPlan = async () => submit(t, user, await bookDraft(t, user, priceKey));
const clerkMails = () => t.mails(CLERK_MAIL);

it('one mail per to-do, once across two processes, only to whom switched it on', async () => {
  await setMail(clerk, 'mlclerk', { todos: { planToBook: true }, delivery: 'each', digestMinutes: 60 });
  const plan = await submitPlan();
  await runMailJobs();
  await runMailJobs();
  const mails = clerkMails();
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe(`【Shipdesk 待办】订舱计划 ${plan.key} 待订舱`);
  expect(mails[0].text).toContain('张文员，您好');
  expect(mails[0].link).toBe(`${TEST_PUBLIC_URL}/osb/order?planKey=${plan.key}`);
  expect(mails[0].text).toMatch(/不再接收「订舱计划待订舱」邮件：http:\/\/shipdesk\.test\/user\/unsubscribe\?token=\S+/);
  expect(t.mails('mlclerk2@example.com')).toHaveLength(0);
  const [row] = await t.app.db.select().from(todoMails).where(eq(todoMails.status, 'sent'));
  expect(row).toMatchObject({ kind: 'planToBook', attempts: 1 });
});

it('a digest gathers the to-dos of its interval into one mail', async () => {
  await setMail(clerk, 'mlclerk', { todos: { planToBook: true }, delivery: 'digest', digestMinutes: 30 });
  const before = clerkMails().length;
  const plans = [await submitPlan(), await submitPlan(), await submitPlan()];
  await runMailJobs(2);
  expect(clerkMails()).toHaveLength(before);
  await runMailJobs(30);
  await runMailJobs(2);
  const digest = clerkMails().slice(before);
  expect(digest).toHaveLength(1);
  expect(digest[0].subject).toBe('【Shipdesk】3 项待办');
  for (const plan of plans) expect(digest[0].text).toContain(`${TEST_PUBLIC_URL}/osb/order?planKey=${plan.key}`);
});

it('nothing for a to-do done before its turn, or after the switch is off', async () => {
  await setMail(clerk, 'mlclerk', { todos: { planToBook: true }, delivery: 'each', digestMinutes: 60 });
  const before = clerkMails().length;
  const cancelled = await submitPlan();
  const answer = await t.call('PUT', `/v1/osbplan/${cancelled.key}`, {
    token: user,
    body: { status: 'CANCELLED', reason: '客户取消', version: cancelled.version },
  });
  expect(answer.statusCode).toBe(200);
  await submitPlan();
  await setMail(clerk, 'mlclerk', { todos: { planToBook: false }, delivery: 'each', digestMinutes: 60 });
  await runMailJobs();
  await submitPlan();
  await runMailJobs();
  expect(clerkMails()).toHaveLength(before);
  const skipped = await t.app.db.select().from(todoMails).where(eq(todoMails.status, 'skipped'));
  expect(skipped).toHaveLength(2);
});

it('the unsubscribe link turns that one switch off, signed out', async () => {
  await setMail(clerk, 'mlclerk', { todos: { planToBook: true, bolToAmend: true }, delivery: 'each', digestMinutes: 60 });
  await submitPlan();
  await runMailJobs();
  const last = clerkMails().at(-1)!;
  const token = /unsubscribe\?token=(\S+)/.exec(last.text)![1];
  const info = await t.call('GET', `/v1/mail/unsubscribe?token=${token}`);
  expect(info.statusCode).toBe(200);
  expect(info.json()).toEqual({ kind: 'planToBook', label: '订舱计划待订舱', account: 'ml***rk', subscribed: true });
  for (let i = 0; i < 2; i += 1) {
    const off = await t.call('POST', '/v1/mail/unsubscribe', { body: { token } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ kind: 'planToBook', subscribed: false });
  }
  const me = (await t.call('GET', '/v1/users/current', { token: clerk })).json();
  expect(me.mailPreferences.todos).toEqual({ planToBook: false, bolToAmend: true });
  const unknown = await t.call('POST', '/v1/mail/unsubscribe', { body: { token: 'x'.repeat(43) } });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().errorCode).toBe('TOKEN_INVALID');
  const before = clerkMails().length;
  await submitPlan();
  await runMailJobs();
  expect(clerkMails()).toHaveLength(before);
});

it('refuses preferences the settings page cannot set', async () => {
  for (const mailPreferences of [
    { todos: {}, delivery: 'digest', digestMinutes: 7 },
    { todos: { nothing: true }, delivery: 'each', digestMinutes: 60 },
    { todos: {}, delivery: 'weekly', digestMinutes: 60 },
  ]) {
    const answer = await t.call('PATCH', '/v1/users/mlclerk2', { token: clerk2, body: { mailPreferences } });
    expect(answer.statusCode).toBe(422);
  }
});

it('a failed send is tried again at the next run, and given up after five tries', async () => {
  await setMail(clerk2, 'mlclerk2', { todos: { planToBook: true }, delivery: 'each', digestMinutes: 60 });
  await setMail(clerk, 'mlclerk', { todos: {}, delivery: 'each', digestMinutes: 60 });
  let failures = 1;
  const flaky = {
    async send(mail: Parameters<App['mailer']['send']>[0]) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP 421 try later');
      }
      await t.app.mailer.send(mail);
    },
  };
  const job = todoMailJob(t.app.db, flaky, TEST_PUBLIC_URL, t.app.log);
  await submitPlan();
  clock += 2 * 60_000;
  await runIfDue(t.app.db, job, new Date(clock));
  const [failed] = await t.app.db.select().from(todoMails).where(eq(todoMails.error, 'SMTP 421 try later'));
  expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
  clock += 2 * 60_000;
  await runIfDue(t.app.db, job, new Date(clock));
  expect(t.mails('mlclerk2@example.com')).toHaveLength(1);

  failures = 5;
  await submitPlan();
  for (let run = 0; run < 6; run += 1) {
    clock += 2 * 60_000;
    await runIfDue(t.app.db, job, new Date(clock));
  }
  const given = await t.app.db.select().from(todoMails).where(eq(todoMails.status, 'failed'));
  expect(given).toHaveLength(1);
  expect(given[0].attempts).toBe(5);
  expect(t.mails('mlclerk2@example.com')).toHaveLength(1);
});
