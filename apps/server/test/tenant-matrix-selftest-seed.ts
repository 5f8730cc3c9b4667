// A's self-test execution for the tenant matrix, apart from the samples: the fixtures import it,
// and the samples module imports the fixtures.
import { selftestExecutions } from '../src/db/schema.ts';
import type { TestContext } from './helpers.ts';

/** A's finished integration execution (one passed test). */
export async function seedSelftest(ctx: TestContext, organizationId: string) {
  const [row] = await ctx.db
    .insert(selftestExecutions)
    .values({
      organizationId,
      suiteId: 'integration',
      status: 'completed',
      progress: 100,
      step: 'Completed',
      endTime: new Date(),
      passRate: 100,
      totalTests: 1,
      passedTests: 1,
      results: [{ testId: 'integration.database', state: 'passed' }],
    })
    .returning({ id: selftestExecutions.id });
  return row?.id as string;
}
