// Vitest setup file of every project: fails a test file that binds outside its loopback block
// (resources.ts, rule in binds.ts). Listeners of the test process are checked as they start;
// those of its children (daemons, CLIs, servers) after each test, while the file's peers still run.
import dgram from 'node:dgram';
import net from 'node:net';
import { afterEach, expect } from 'vitest';
import { type Bind, bindViolation, listeningBinds } from './binds.ts';
import { resourcesOf } from './resources.ts';

const resources = resourcesOf(expect.getState().testPath as string);
const violations = new Set<string>();
/** Each bind fails one test: the one after which it was first seen. */
const reported = new Set<string>();

const note = (bind: Bind) => {
  const why = bindViolation(resources, bind);
  if (why && !reported.has(why)) violations.add(why);
};

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
  this.once('listening', () => {
    const at = this.address();
    if (at && typeof at === 'object') note({ proto: 'tcp', address: at.address, port: at.port });
  });
  return listen.apply(this, args as Parameters<typeof listen>);
} as typeof listen;

const bind = dgram.Socket.prototype.bind;
dgram.Socket.prototype.bind = function (this: dgram.Socket, ...args: unknown[]) {
  this.once('listening', () => {
    const at = this.address();
    note({ proto: 'udp', address: at.address, port: at.port });
  });
  return bind.apply(this, args as Parameters<typeof bind>);
} as typeof bind;

afterEach(async () => {
  for (const found of await listeningBinds()) note(found);
  if (!violations.size) return;
  const message = [...violations].join('\n');
  for (const v of violations) reported.add(v);
  violations.clear();
  throw new Error(`bind guard: ${message}`);
});
