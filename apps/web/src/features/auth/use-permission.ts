import {
  can,
  deniedReason,
  type TPermissionAction,
  type TPermissionResource,
} from '@netguard/contracts';
import { useAuth } from '@/features/auth/auth-context';

/**
 * Whether the signed-in role may do `action` on `resource` (the contracts' matrix, as the server
 * enforces it), and if not, why and who can: for disabling a control with the reason shown.
 */
export function usePermission(resource: TPermissionResource, action: TPermissionAction) {
  const { user } = useAuth();
  const allowed = can(user?.role, resource, action);
  return { allowed, reason: allowed ? null : deniedReason(resource, action) };
}
