import { Suspense } from 'react';
import { useTranslate } from 'ra-core';
import { hasAnyRole, type PortalApp } from '@portal/contracts';
import { useUser } from '../user/useUser';
import { PermissionDenied } from '../errors/PermissionDenied';
import { Loading } from '../layout/Loading';
import { ModuleFrame } from './ModuleFrame';
import type { AppModuleId } from '../routes';
import { APP_MODULES } from './registry';

/**
 * An application route: the user's roles decide (spec §2 table, §6 rule), then the module from
 * the registry, or its frame until the module exists.
 */
export function AppRoute({ app }: { app: PortalApp }) {
  const translate = useTranslate();
  const user = useUser();
  if (!hasAnyRole(user?.roles ?? [], app.roles)) return <PermissionDenied />;
  const Module = APP_MODULES[app.id as AppModuleId];
  if (!Module) return <ModuleFrame title={translate(app.labelKey)} />;
  return (
    <Suspense fallback={<Loading />}>
      <Module />
    </Suspense>
  );
}
