// validate-remediation-plan: whether an action can run on a finding here (its target, its
// parameters, the prerequisites NetGuard can check) and, when asked, the dry run read from the
// target now. Runs before the request's transaction: a dry run waits on the network.
import { REMEDIATION_TEXT, type TPlanValidation, type TValidatePlan } from '@netguard/contracts';
import { MissingParameter, RemediationError } from '@netguard/remediation';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/sessions.service.ts';
import type { DriverFactory } from './remediation.driver.ts';
import { findVulnerability, hostById } from './remediation.repo.ts';
import { NoSshHost, targetOf } from './remediation.targets.ts';
import { findAction } from './remediation.view.ts';

export function createPlanValidator(deps: { db: Executor; drivers: DriverFactory }) {
  const { db, drivers } = deps;
  const vulnerability = async (auth: AuthContext, id: string) => {
    const vuln = await findVulnerability(db, auth.organizationId, id);
    if (!vuln) throw new AppError('not_found', 404, REMEDIATION_TEXT.vulnerabilityNotFound);
    return vuln;
  };

  async function validate(auth: AuthContext, body: TValidatePlan): Promise<TPlanValidation> {
    const vuln = await vulnerability(auth, body.vulnerabilityId);
    const action = findAction(body.actionId);
    if (!action) throw new AppError('validation_error', 400, REMEDIATION_TEXT.actionNotFound);
    const problems: string[] = [];
    let missingHost: string | null = null;
    if (!vuln.checkId || !action.fixes.includes(vuln.checkId))
      problems.push(`${action.name} does not fix findings of ${vuln.checkId ?? 'this kind'}`);
    if (action.automationLevel === 'manual_guided')
      problems.push(`${action.name} is manual: follow its steps by hand`);
    const target = await targetOf(db, auth.organizationId, vuln, action).catch((error: unknown) => {
      if (error instanceof AppError) {
        problems.push(error.message);
        if (error instanceof NoSshHost) missingHost = error.address;
        return null;
      }
      throw error;
    });
    if (target)
      try {
        action.operations(target.params);
      } catch (error) {
        if (!(error instanceof MissingParameter)) throw error;
        problems.push(error.message);
      }
    const host = target?.hostId ? await hostById(db, target.hostId) : null;
    const prerequisites = action.prerequisites.map((text) => ({
      text,
      met: /sudo/.test(text) && host ? host.privilege === 'sudo' || host.username === 'root' : null,
    }));
    if (body.checkPrerequisites)
      for (const p of prerequisites)
        if (p.met === false) problems.push(`Prerequisite not met: ${p.text}`);
    let dryRun: TPlanValidation['dryRun'] = null;
    if (body.simulateDryRun && target && !problems.length) {
      const driver = await drivers({
        id: '00000000-0000-0000-0000-000000000000',
        organizationId: auth.organizationId,
        actionId: action.id,
        target: target.target,
        hostId: target.hostId,
        cloudConnectionId: target.cloudConnectionId,
        params: target.params,
      }).catch((error: unknown) => {
        if (error instanceof RemediationError) problems.push(error.message);
        else throw error;
        return null;
      });
      if (driver)
        try {
          dryRun = await driver.dryRun();
        } catch (error) {
          if (!(error instanceof RemediationError)) throw error;
          problems.push(error.message);
        } finally {
          await driver.close();
        }
    }
    return { valid: problems.length === 0, problems, prerequisites, dryRun, missingHost };
  }

  return { vulnerability, validate };
}

export type PlanValidator = ReturnType<typeof createPlanValidator>;
