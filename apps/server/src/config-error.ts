/** A configuration the server cannot start with: one sentence per problem, no stack trace. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Runs an entry point; an invalid configuration prints one `Invalid configuration: …` line per
 * problem on stderr and exits 1, where an uncaught error would print a stack trace.
 */
export async function exitOnConfigError<T>(main: () => Promise<T>): Promise<T> {
  try {
    return await main();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) console.error(`Invalid configuration: ${problem}`);
    process.exit(1);
  }
}
