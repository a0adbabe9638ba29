import {
  AppError,
  alertInputProblems,
  hasAnyRole,
  Role,
  type AlertCriteria,
  type AlertInput,
  type CallerContext,
  type FieldErrorKey,
} from '@portal/contracts';
import { restrictedDepositors } from '@portal/db';

/** The depositors the criteria name, checked against the caller's scope: none named is `required` (a form) or all of the caller's (a count). */
export function depositorProblems(ctx: CallerContext, depositorIds: number[], required: boolean): Record<string, FieldErrorKey> {
  if (!depositorIds.length) return required ? { depositorIds: 'required' } : {};
  if (ctx.scope.all) return {};
  return depositorIds.every((id) => ctx.scope.depositorIds.includes(id)) ? {} : { depositorIds: 'unknownCode' };
}

/**
 * A caller limited to some activities or stores of a depositor (spec §6) names them: an alert of
 * that depositor without activity codes would otherwise follow the orders of every activity.
 */
export function narrowingProblems(ctx: CallerContext, c: Pick<AlertCriteria, 'depositorIds' | 'activityCodes' | 'storeCodes'>) {
  const problems: Record<string, FieldErrorKey> = {};
  if (ctx.scope.all) return problems;
  for (const [field, keys] of [
    ['activityCodes', ctx.scope.activityKeys ?? []],
    ['storeCodes', ctx.scope.storeKeys ?? []],
  ] as const) {
    const restricted = restrictedDepositors(keys).filter((id) => c.depositorIds.includes(id));
    if (!restricted.length) continue;
    const allowed = new Set(keys.filter((k) => restricted.some((id) => k.startsWith(`${id}:`))).map((k) => k.slice(k.indexOf(':') + 1)));
    const codes = c[field];
    if (!codes.length) problems[field] = 'required';
    else if (codes.some((code) => !allowed.has(code))) problems[field] = 'unknownCode';
  }
  return problems;
}

/** Every 400 of the alert form at once (field -> §5 key), then the rights it needs (403). */
export function checkAlert(
  ctx: CallerContext,
  input: AlertInput,
  stored?: { subject: string | null; informFinalRecipient: boolean },
): void {
  const problems = { ...alertInputProblems(input), ...narrowingProblems(ctx, input), ...depositorProblems(ctx, input.depositorIds, true) };
  if (Object.keys(problems).length) throw new AppError('validationFailed', 'invalid alert', undefined, problems);
  // A right is needed to set the value, not to keep one someone with the right set (an ADMIN's edit).
  const subject = input.subject ?? null;
  if (input.informFinalRecipient && !stored?.informFinalRecipient && !hasAnyRole(ctx.roles, [Role.USER_VIP_PREMIUM]))
    throw new AppError('vipPremiumRequired', 'informing the final recipient needs VIP Premium');
  if (subject && subject !== stored?.subject && !hasAnyRole(ctx.roles, [Role.USER_CUSTOM_ALERT_SUBJECT]))
    throw new AppError('customSubjectRequired', 'a custom subject needs its right');
}
