// The provider's own reason for a refused call, as each SDK carries it.
import { googleMessage, type Provider } from '@netguard/cloud';

type SdkError = { name?: string; code?: string; message?: string };

export function providerMessage(provider: Provider, error: unknown): string {
  if (provider === 'gcp') return googleMessage(error);
  const e = (error ?? {}) as SdkError;
  const message = e.message ?? String(error);
  // AWS: the error code is the name (UnauthorizedOperation); Azure: RestError's code (AuthorizationFailed).
  const code = provider === 'aws' ? e.name : e.code;
  const generic = !code || code === 'Error' || code === 'VerificationFailed';
  return generic || message.includes(code) ? message : `${code}: ${message}`;
}
