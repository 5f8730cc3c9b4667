import { ROLES } from '@netguard/contracts';
import type { TestDefinition } from '../../model.ts';
import type { SecurityContext } from '../context.ts';
import type { HttpAnswer } from '../http.ts';
import { evidenceLog, failed, guarded, inconclusive, passed } from '../outcome.ts';
import { bearer, requireCanaries, type Session, signIn } from '../session.ts';

const denied = (a: HttpAnswer) => a.status === 403 || a.status === 404;

export const authorization: TestDefinition<SecurityContext> = {
  id: 'security.authorization',
  suite: 'security',
  name: 'Authorization and tenant isolation',
  checks:
    'Each role gets exactly the permissions of the matrix, and no user of one organization reads another organization’s rows.',
  how: 'Throw-away canary users of each role in a canary organization and the admin of a second canary organization sign in; each role sends the role probes, and every first-organization user asks for the second organization’s rows by id.',
  passCriterion:
    'Denied roles get 403 with no data, allowed roles are not refused, the second organization’s admin reads its rows (the control) and every first-organization user gets 403/404 without the row’s marker.',
  covers: ['ASVS 8.2.1', 'ASVS 8.2.2', 'ASVS 8.3.1'],
  passive: false,
  async run(context, signal) {
    const log = evidenceLog();
    return guarded(log, async () => {
      const set = await requireCanaries(context);
      if (set.roleProbes.length === 0)
        return inconclusive(
          'The canary provider gave no role probe, so the permission matrix was not tested.',
          log,
        );
      const sessions = new Map<string, Session>();
      for (const role of ROLES)
        sessions.set(role, await signIn(context, set.organization.users[role], log, signal));
      const other = await signIn(context, set.otherOrganization.admin, log, signal);
      const problems: string[] = [];
      // A 401 to a token that signed in is a lost session, not an authorization verdict.
      const lost = new Set<string>();
      let checks = 0;
      for (const probe of set.roleProbes)
        for (const role of ROLES) {
          const a = await context.http.request(
            {
              method: probe.method,
              path: probe.path,
              headers: bearer((sessions.get(role) as Session).accessToken),
              ...(probe.body === undefined ? {} : { body: probe.body }),
            },
            signal,
          );
          checks += 1;
          const allowed = probe.allowed.includes(role);
          if (a.status === 401) {
            log.exchange(a, `the ${role} canary's session was refused: lost`);
            lost.add(role);
          } else if (allowed && a.status === 403) {
            log.exchange(a, `${role} refused ${probe.permission}, which the matrix grants`);
            problems.push(`${role} is refused ${probe.method} ${probe.path} (${probe.permission})`);
          } else if (!allowed && !(a.status === 403 && !/"items"\s*:|"id"\s*:/.test(a.body))) {
            log.exchange(a, `${role} was not refused ${probe.permission}`);
            problems.push(
              `${role} got ${a.status} for ${probe.method} ${probe.path} (${probe.permission} is not granted)`,
            );
          }
        }
      if (set.otherOrganization.resources.length === 0)
        return inconclusive(
          'The canary provider gave no row of the second organization, so tenant isolation was not tested.',
          log,
        );
      for (const resource of set.otherOrganization.resources) {
        const control = log.exchange(
          await context.http.request(
            { path: resource.path, headers: bearer(other.accessToken) },
            signal,
          ),
          `control: the second organization's admin reads ${resource.path}`,
        );
        if (control.status !== 200 || !control.body.includes(resource.marker))
          return inconclusive(
            `The second organization's own admin could not read ${resource.path} (${control.status}), so a refusal to others would prove nothing.`,
            log,
          );
        for (const role of ROLES) {
          const a = await context.http.request(
            { path: resource.path, headers: bearer((sessions.get(role) as Session).accessToken) },
            signal,
          );
          checks += 1;
          if (a.status === 401) {
            log.exchange(a, `the ${role} canary's session was refused: lost`);
            lost.add(role);
          } else if (!denied(a) || a.body.includes(resource.marker)) {
            log.exchange(a, `${role} of the first organization read the second organization's row`);
            problems.push(
              `${role} of another organization got ${a.status}${a.body.includes(resource.marker) ? ' with the row' : ''} for ${resource.path}`,
            );
          }
        }
      }
      log.add('note', `${checks} authorization checks`, {
        checks,
        roleProbes: set.roleProbes.length,
        resources: set.otherOrganization.resources.length,
      });
      if (problems.length === 0 && lost.size > 0)
        return inconclusive(
          `The sessions of ${[...lost].join(', ')} were refused (401) during the test, so their permissions were not all checked.`,
          log,
        );
      if (problems.length)
        return failed(
          `${problems.length} of ${checks} checks broke the permission matrix or tenant isolation: ${problems.slice(0, 10).join('; ')}.`,
          log,
          'Declare the permission on each route (config: needs(resource, action)) and scope every read by organization in the service and with row-level security.',
          { checks, violations: problems.length },
        );
      return passed(
        `${checks} checks: every denied role got 403 without data, allowed roles were served, and the second organization's rows (read by its admin) answered 403/404 without their marker to all ${ROLES.length} roles of the first.`,
        log,
        { checks, violations: 0 },
      );
    });
  },
};
