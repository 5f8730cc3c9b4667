import { SCAN_TYPES, type TScanType, ZCreateScanBody, ZPortSpec } from '@netguard/contracts';

export type TScanFormValues = {
  scan_name: string;
  scan_type: TScanType | '';
  target_hosts: string[];
  /** Custom ports in the engine's grammar; blank: the scan type's default ports. */
  ports: string;
};

export const EMPTY_SCAN_FORM: TScanFormValues = {
  scan_name: '',
  scan_type: '',
  target_hosts: [],
  ports: '',
};

/** True when the name, the type or every target is missing (the "Missing required fields" case). */
export function isMissingRequired(values: TScanFormValues): boolean {
  return (
    values.scan_name.trim() === '' || values.scan_type === '' || values.target_hosts.length === 0
  );
}

/** The request body, or the first message per field when the contract refuses it. */
export function toCreateBody({ ports, ...values }: TScanFormValues) {
  const parsed = ZCreateScanBody.safeParse(ports.trim() ? { ...values, ports } : values);
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: Partial<Record<keyof TScanFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TScanFormValues;
    errors[field] ??= issue.message;
  }
  return { body: null, errors };
}

/** Why the custom port list is refused (the engine grammar's message), or undefined. */
export function portsError(ports: string): string | undefined {
  if (ports.trim() === '') return undefined;
  return ZPortSpec.safeParse(ports).error?.issues[0]?.message;
}

/** The scan type's table row (label, description), if one is chosen. */
export function scanTypeInfo(value: string) {
  return SCAN_TYPES.find((type) => type.value === value);
}
