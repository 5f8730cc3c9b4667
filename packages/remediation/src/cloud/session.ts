// One dry run, apply or rollback against a provider: the credentials and options, SDK clients made
// once, and the log of every call (reads included). A refused call becomes cloud_call_failed with
// the provider's message and the log so far.
import type { CredentialsOf, Provider } from '@netguard/cloud';
import { RemediationError, type StepLog } from '../execution.ts';
import { providerMessage } from './messages.ts';
import type { CloudOptions } from './types.ts';

const OUTPUT_LIMIT = 2000;

const trimmed = (text: string) =>
  text.length > OUTPUT_LIMIT ? `${text.slice(0, OUTPUT_LIMIT)}… (${text.length} chars)` : text;

export class CloudSession<P extends Provider> {
  readonly log: StepLog[] = [];
  private readonly made = new Map<string, unknown>();

  constructor(
    readonly provider: P,
    readonly credentials: CredentialsOf[P],
    readonly options: CloudOptions = {},
  ) {}

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** A value made once per session (SDK clients, an assumed role's keys). */
  once<T>(key: string, make: () => T): T {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as T;
  }

  /** Runs one API call, logs it with what it answered, and turns a refusal into cloud_call_failed. */
  async step<T>(step: string, run: () => Promise<T>): Promise<T> {
    try {
      const value = await run();
      const output = value === undefined ? 'ok' : JSON.stringify(value);
      this.log.push({ at: this.now().toISOString(), step, ok: true, output: trimmed(output) });
      return value;
    } catch (error) {
      if (error instanceof RemediationError) throw error;
      const message = providerMessage(this.provider, error);
      this.log.push({ at: this.now().toISOString(), step, ok: false, output: trimmed(message) });
      throw new RemediationError('cloud_call_failed', message, this.log);
    }
  }
}
