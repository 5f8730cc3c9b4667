import type {
  TSiemFilters,
  TSiemIntegration,
  TSiemIntegrationUpdate,
  TSiemSettings,
} from '@netguard/contracts';
import { credentialFieldsFor, SECRET_KEYS } from '@/features/siem/siem-fields';
import { formOptions, parseSources, type TSiemFormValues } from '@/features/siem/siem-form';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * PATCH body of Configure: only what changed. Secrets are sent only when typed (empty keeps the
 * stored one); options, when one changed, go whole with the stored ones the form does not edit.
 */
export function toUpdateBody(
  values: TSiemFormValues,
  stored: TSiemIntegration,
): TSiemIntegrationUpdate {
  const body: TSiemIntegrationUpdate = {};
  const name = values.name.trim();
  const endpoint = values.endpoint.trim();
  if (name !== stored.name) body.name = name;
  if (endpoint !== stored.endpoint) body.endpoint = endpoint;
  if (values.authType !== stored.authType) body.authType = values.authType;

  const credentials: NonNullable<TSiemIntegrationUpdate['credentials']> = {};
  for (const key of credentialFieldsFor(stored.type, values.authType)) {
    const value = values.credentials[key].trim();
    const changed = SECRET_KEYS.includes(key)
      ? value !== ''
      : value !== (stored.credentials[key] ?? '');
    if (changed && value) credentials[key] = value;
  }
  if (Object.keys(credentials).length > 0) body.credentials = credentials;

  const options = formOptions({ ...values, type: stored.type }, true);
  const optionChanged = Object.entries(options).some(([key, value]) => {
    const before = stored.options[key as keyof typeof options];
    return key === 'ackEnabled' ? value !== (before ?? false) : value !== (before ?? '');
  });
  if (optionChanged) body.options = { ...stored.options, ...options };

  const settings: Partial<TSiemSettings> = {};
  for (const key of Object.keys(values.settings) as (keyof TSiemSettings)[])
    if (values.settings[key] !== stored.settings[key])
      Object.assign(settings, { [key]: values.settings[key] });
  if (Object.keys(settings).length > 0) body.settings = settings;

  const filters: Partial<TSiemFilters> = {};
  const sources = parseSources(values.filters.sources);
  if (!sameSet(values.filters.logLevels, stored.filters.logLevels))
    filters.logLevels = [...values.filters.logLevels];
  if (!sameSet(values.filters.eventTypes, stored.filters.eventTypes))
    filters.eventTypes = [...values.filters.eventTypes];
  if (sources.join('\n') !== stored.filters.sources.join('\n')) filters.sources = sources;
  if (Object.keys(filters).length > 0) body.filters = filters;
  return body;
}
