import { adminReachOf, AppError, Role, type CallerContext, type Scope } from '@portal/contracts';

/**
 * Who manages users, and how far (the rule is written in libs/contracts/src/admin-users.ts):
 * ADMIN; the provider's user administrator (no depositor given by an administrator); a depositor's
 * own administrator (depositors given), limited to users whose depositors are all among theirs.
 */
export interface Manager {
  uuid: string | null;
  login: string | null;
  kind: 'admin' | 'provider' | 'depositor';
  /** The roles the manager holds (effective: own and groups'). */
  roles: readonly string[];
  /** The depositors given to a depositor's administrator (empty for the others). */
  depositorIds: number[];
}

/** The manager behind a caller: `ownDepositorIds` are the depositors an administrator gave them. */
export function managerOf(ctx: CallerContext, ownDepositorIds: number[]): Manager {
  const kind = ctx.roles.includes(Role.ADMIN) ? 'admin' : ownDepositorIds.length ? 'depositor' : 'provider';
  return {
    uuid: ctx.user?.uuid ?? null,
    login: ctx.user?.login ?? null,
    kind,
    roles: ctx.roles,
    depositorIds: kind === 'depositor' ? ownDepositorIds : [],
  };
}

/** The scope the manager's queries on users run in (row-level security on `users` reads it). */
export function reachScope(manager: Manager): Scope {
  return adminReachOf(manager.roles, manager.depositorIds);
}

/** Changing a seen user: only ADMIN changes or deactivates an ADMIN (403 otherwise). */
export function requireChangeable(manager: Manager, user: { effectiveRoles: readonly string[] }): void {
  if (manager.kind !== 'admin' && user.effectiveRoles.includes(Role.ADMIN))
    throw new AppError('permissionDenied', 'only an administrator changes an administrator');
}

/** Roles the manager may give or take away: all for ADMIN, all but ADMIN for the provider's, their own for a depositor's. */
export function mayGrantRole(manager: Manager, role: string): boolean {
  if (manager.kind === 'admin') return true;
  if (role === Role.ADMIN) return false;
  return manager.kind === 'provider' || manager.roles.includes(role);
}

export function mayGrantGroup(manager: Manager, groupRoles: readonly string[]): boolean {
  return groupRoles.every((role) => mayGrantRole(manager, role));
}

/** Refuses with permissionDenied when a role or group added or removed is beyond the manager. */
export function requireGrantable(
  manager: Manager,
  change: { roles: [string[], string[]]; groups: [{ code: string; roles: string[] }[], { code: string; roles: string[] }[]] },
): void {
  const [rolesBefore, rolesAfter] = change.roles;
  const touchedRoles = symmetricDifference(rolesBefore, rolesAfter).filter((r) => !mayGrantRole(manager, r));
  const [groupsBefore, groupsAfter] = change.groups;
  const codesBefore = groupsBefore.map((g) => g.code);
  const codesAfter = groupsAfter.map((g) => g.code);
  const touched = symmetricDifference(codesBefore, codesAfter);
  const touchedGroups = [...groupsBefore, ...groupsAfter]
    .filter((g) => touched.includes(g.code) && !mayGrantGroup(manager, g.roles))
    .map((g) => g.code);
  if (touchedRoles.length || touchedGroups.length)
    throw new AppError('permissionDenied', 'a role or group beyond the caller', {
      roles: [...new Set(touchedRoles)],
      groups: [...new Set(touchedGroups)],
    });
}

/** A depositor's administrator gives only their own depositors, and at least one (else the user leaves their reach). */
export function requireDepositors(manager: Manager, depositorIds: number[]): void {
  if (manager.kind !== 'depositor') return;
  if (!depositorIds.length) throw new AppError('validationFailed', 'a depositor is required', undefined, { depositors: 'required' });
  if (depositorIds.some((id) => !manager.depositorIds.includes(id)))
    throw new AppError('validationFailed', 'a depositor outside the caller', undefined, { depositors: 'unknownCode' });
}

function symmetricDifference(a: string[], b: string[]): string[] {
  return [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
}
