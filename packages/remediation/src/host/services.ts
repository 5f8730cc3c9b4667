// Reloading a service after its configuration changed: the configuration checked first, then
// systemctl where systemd runs the host, Debian's `service` (init scripts) otherwise.
import type { Operation } from '../types.ts';
import { arg, type Steps } from './steps.ts';

export type Reload = Extract<Operation, { kind: 'reload-service' }>;
export type ServiceManager = 'systemd' | 'service';

/** Decided on the host: systemd when /run/systemd/system exists. */
export async function serviceManager(s: Steps): Promise<ServiceManager> {
  const r = await s.must('if [ -d /run/systemd/system ]; then echo systemd; else echo service; fi');
  const manager: ServiceManager = r.stdout.trim() === 'systemd' ? 'systemd' : 'service';
  s.note(
    `service manager: ${manager === 'systemd' ? 'systemd (systemctl)' : 'no systemd: Debian init scripts (service)'}`,
    true,
  );
  return manager;
}

export const reloadCommand = (op: Reload, manager: ServiceManager) => {
  const verb = op.restart ? 'restart' : 'reload';
  return manager === 'systemd'
    ? `systemctl ${verb} ${arg(op.service)}`
    : `service ${arg(op.service)} ${verb}`;
};

/** The check (config_check_failed when it fails), then the reload (command_failed). */
export async function checkAndReload(s: Steps, op: Reload, manager: ServiceManager): Promise<void> {
  if (op.check) await s.must(op.check, { code: 'config_check_failed' });
  await s.must(reloadCommand(op, manager));
}
