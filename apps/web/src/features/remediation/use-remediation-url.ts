import { useSearchParams } from 'react-router';

/**
 * The page's URL state: ?vulnerabilityId= opens the execute flow for a finding (the vulnerability
 * detail's Remediate button), ?execution= shows an execution's detail.
 */
export function useRemediationUrl() {
  const [params, setParams] = useSearchParams();
  const update = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('vulnerabilityId');
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: key === 'vulnerabilityId' || value === null },
    );
  return {
    vulnerabilityId: params.get('vulnerabilityId'),
    executionId: params.get('execution'),
    openExecution: (id: string | null) => update('execution', id),
    closeExecute: () => update('vulnerabilityId', null),
  };
}
