// Vitest setup file of every project: fails a test file that binds outside its loopback block
// (resources.ts, rule in binds.ts). Listeners of the test process are checked as they start;
// those of its children (daemons, CLIs, servers) after each test, while the file's peers still run.
import dgram from 'node:dgram';
import net from 'node:net';
import { afterEach, expect } from 'vitest';
import { type Bind, bindViolation, listeningBinds } from './binds.ts';
import { resourcesOf, type TestResources } from './resources.ts';

/** The file being run and what it broke; replaced for each file a worker runs. */
type FileState = { resources: TestResources; violations: Set<string>; reported: Set<string> };
const STATE = Symbol.for('netguard.bindGuard');
const scope = globalThis as { [STATE]?: FileState };
const firstFile = !scope[STATE];
/** Each bind fails one test: the one after which it was first seen (reported). */
const state: FileState = {
  resources: resourcesOf(expect.getState().testPath as string),
  violations: new Set(),
  reported: new Set(),
};
scope[STATE] = state;

const note = (bind: Bind) => {
  const current = scope[STATE] as FileState;
  const why = bindViolation(current.resources, bind);
  if (why && !current.reported.has(why)) current.violations.add(why);
};

// Patched once per process: a worker that runs several files (isolate: false) keeps one wrapper.
if (firstFile) {
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
}

afterEach(async () => {
  for (const found of await listeningBinds()) note(found);
  const { violations, reported } = state;
  if (!violations.size) return;
  const message = [...violations].join('\n');
  for (const v of violations) reported.add(v);
  violations.clear();
  throw new Error(`bind guard: ${message}`);
});
