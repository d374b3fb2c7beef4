/**
 * The deployment guide shows the files CI runs, not copies that drift: its haproxy block is deploy/haproxy.cfg
 * and its systemd unit deploy/shipdesk@.service, byte for byte; its trial certificate commands are the ones
 * tests/support/haproxy.ts runs; its Prometheus scrape config is deploy/prometheus/shipdesk.yml, which promtool
 * checks with the alert rules and their test cases.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CERTIFICATE_MARKER, trialCertificateCommands } from '../tests/support/haproxy';

const root = path.resolve(__dirname, '..');
const guide = fs.readFileSync(path.join(root, 'docs', 'deployment.md'), 'utf8');

test('the guide shows deploy/haproxy.cfg whole', () => {
  const blocks = [...guide.matchAll(/```haproxy\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks).toEqual([fs.readFileSync(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8')]);
});

test('the trial certificate commands are marked for the test that runs them', () => {
  expect(guide).toContain(CERTIFICATE_MARKER);
  const commands = trialCertificateCommands(guide);
  expect(commands).toContain('openssl req -x509');
  expect(commands).toContain('> /etc/haproxy/shipdesk.pem');
});

test('the guide shows deploy/shipdesk@.service whole, and systemd finds nothing wrong in it', () => {
  const unit = fs.readFileSync(path.join(root, 'deploy', 'shipdesk@.service'), 'utf8');
  expect([...guide.matchAll(/```ini\n([\s\S]*?)```/g)].map((match) => match[1])).toEqual([unit]);
  const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => fs.existsSync(file));
  if (!analyze) return;
  // An instance of the template, with this machine's node where Debian's package puts it.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-unit-'));
  const instance = path.join(folder, 'shipdesk@8001.service');
  fs.writeFileSync(instance, unit.replace('/usr/bin/node', process.execPath));
  const verified = spawnSync(analyze, ['verify', instance], { encoding: 'utf8' });
  fs.rmSync(folder, { recursive: true });
  expect([verified.status, verified.stderr.trim(), verified.stdout.trim()]).toEqual([0, '', '']);
});

test('the guide shows deploy/prometheus/shipdesk.yml whole; promtool passes it, the alert rules and their cases', () => {
  const folder = path.join(root, 'deploy', 'prometheus');
  const config = fs.readFileSync(path.join(folder, 'shipdesk.yml'), 'utf8');
  expect([...guide.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1])).toEqual([config]);
  if (spawnSync('promtool', ['--version']).error) {
    // CI installs Debian's prometheus (.ci/run); a developer's machine may not have it.
    if (process.env.CI) throw new Error('promtool is missing');
    return;
  }
  const run = (...args: string[]) => {
    const done = spawnSync('promtool', args, { cwd: folder, encoding: 'utf8' });
    return [done.status, `${done.stdout}${done.stderr}`];
  };
  expect(run('check', 'rules', 'shipdesk-rules.yml')).toEqual([0, expect.stringContaining('SUCCESS: 8 rules found')]);
  expect(run('test', 'rules', 'shipdesk-rules.test.yml')).toEqual([0, expect.stringContaining('SUCCESS')]);
  // The config as installed, its files where this checkout has them.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-prometheus-'));
  fs.writeFileSync(path.join(scratch, 'token'), 'a-metrics-secret-for-the-check\n');
  const installed = config
    .replace('/etc/prometheus/shipdesk-rules.yml', path.join(folder, 'shipdesk-rules.yml'))
    .replace('/etc/prometheus/shipdesk-metrics-token', path.join(scratch, 'token'));
  fs.writeFileSync(path.join(scratch, 'prometheus.yml'), installed);
  const checked = run('check', 'config', path.join(scratch, 'prometheus.yml'));
  fs.rmSync(scratch, { recursive: true });
  expect(checked).toEqual([0, expect.stringContaining('is valid prometheus config file syntax')]);
});
