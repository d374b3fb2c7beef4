/**
 * The deployment guide shows the files CI runs, not copies that drift: its haproxy block is deploy/haproxy.cfg
 * and its systemd unit deploy/shipdesk@.service, byte for byte; its trial certificate commands are the ones
 * tests/support/haproxy.ts runs.
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
