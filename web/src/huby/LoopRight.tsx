import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { hasAnyRole, Role } from '@portal/contracts';
import { useUser } from '../user/useUser';

/** Loop screens need the right to create Loop orders (spec §6); without it, back to the shipments. */
export function LoopRight({ page }: { page: ReactElement }) {
  const roles = useUser()?.roles ?? [];
  return hasAnyRole(roles, [Role.USER_CREATE_LOOP_ORDER]) ? page : <Navigate to="/dashtower" replace />;
}
