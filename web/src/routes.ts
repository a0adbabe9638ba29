/**
 * Every page of the web app, in one table the router reads: the shell mounts its pages and each
 * module's `<Routes>` mounts the paths listed here, so a page exists only once it is written here.
 * The route walk (tests/e2e/route-walk.e2e.mjs) reads the same table and visits every page, a
 * parameter filled by its sample below: a new page is walked without editing the test.
 *
 * Plain data without imports: Node reads this file as it is (type stripping), the test needs no build.
 * A module's paths are relative to its mount ('' is its index page); the walk joins them to the
 * application's route (PORTAL_APPS in @portal/contracts) or to the mount named here.
 */

/** The pages of the signed-in shell outside the application modules. */
export const SHELL_ROUTES = {
  dashboard: '/dashboard',
  settings: '/settings',
  exportDownload: '/exports/:id',
  reports: '/report',
} as const;

/** The sign-in pages, outside the shell. */
export const PUBLIC_ROUTES = {
  login: '/login',
  resetPassword: '/reset-password',
} as const;

/**
 * The tabs of the settings page (/settings/<tab>), in the order shown. A tab is one page unless
 * SETTINGS_PAGES gives it pages of its own; SETTINGS_TAB_ROLES names the tabs offered only to some users.
 */
export const SETTINGS_TABS = [
  'general',
  'filter',
  'password',
  'profile',
  'activity',
  'problem',
  'email',
  'integrations',
  'logout',
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * The tabs shown, mounted and walked only for a user with one of the roles of a role list of
 * @portal/contracts, named here (Intégrations: the administrators of users, issue 35).
 */
export const SETTINGS_TAB_ROLES = { integrations: 'API_KEY_MANAGERS' } as const satisfies Partial<Record<SettingsTab, string>>;

/** The pages of a settings tab that has several, relative to /settings/<tab> ('' is the tab's first page). */
export const SETTINGS_PAGES = {
  integrations: { keys: '', webhooks: 'webhooks', webhookLog: 'webhooks/:id' },
} as const satisfies Partial<Record<SettingsTab, Record<string, string>>>;

/** The reports library (/report) and one report (/report/:id). */
export const REPORT_ROUTES = { library: '', report: ':id' } as const;

/** Each application module's pages by application id, relative to the application's route. */
export const APP_ROUTES = {
  pgt: { search: '', order: ':id' },
  tracerroute: { list: '', order: ':id' },
  serialtracker: { search: '', order: ':id' },
  stock: { id: 'id', stock: 'stock', movements: 'movements' },
  item: { list: '', item: ':id' },
  dashtower: {
    list: '',
    new: 'new',
    addresses: 'addresses',
    tours: 'tours',
    import: 'import',
    loop: 'loop',
    loopNew: 'loop/new',
    loopOrder: 'loop/:uuid',
    shipment: ':uuid',
  },
  'geo-order': { map: '' },
  claim: { list: '', new: 'new', edit: ':uuid/edit', claim: ':uuid' },
  fever: { plans: '', probe: 'probes/:id', manage: 'manage' },
  vip: { list: '', new: 'new', alert: ':id' },
  doc: { list: '', new: 'new', alert: ':id' },
  admin: { home: '' },
} as const;

export type AppModuleId = keyof typeof APP_ROUTES;

/** The tabs of the back office's reference lists (/admin/reference/<tab>). */
export const REFERENCE_TABS = ['platforms', 'activities', 'stores'] as const;
/** The tabs of the back office's transport plan (/admin/transport/<tab>). */
export const TRANSPORT_TABS = ['carriers', 'tours'] as const;
/** The kinds of the back office's data import (/admin/imports/<kind>), in the screen's order. */
export const IMPORT_KINDS = ['users', 'depositors', 'addresses'] as const;

/** Each back-office area's pages by area path, relative to /admin/<area>. */
export const ADMIN_ROUTES = {
  users: { list: '', new: 'new', user: ':uuid' },
  groups: { list: '' },
  depositors: { list: '', new: 'new', depositor: ':id' },
  reference: { list: ':tab', new: ':tab/new', record: ':tab/:id' },
  templates: { list: '', new: 'new', template: ':id' },
  logos: { grid: '' },
  logs: { list: '' },
  imports: { kind: ':kind' },
  transport: { list: ':tab', new: ':tab/new', record: ':tab/:id' },
  announcements: { list: '', new: 'new', announcement: ':id' },
  audit: { list: '' },
  translations: { list: '' },
  statistics: { list: '' },
} as const;

export type AdminAreaPath = keyof typeof ADMIN_ROUTES;

/**
 * Where the walk finds a real value for a parameter, by full route pattern: `list` is an API list
 * (GET /api<list>, read as the walking user) whose first row's `field` (default `id`) fills the
 * parameter, `:name` in it replaced by the values already chosen; `values` are the parameter's values.
 * `make` names the walk's maker (tests/e2e/support/walk.mjs MAKERS) that creates a record through the
 * API when the user sees the list empty: a record the demo data does not hold (the walk makes them all
 * before it opens the first page, so that their lists are walked with a row).
 */
export type RouteSample = { list: string; field?: string; make?: string } | { values: readonly string[] };

/**
 * List pages the walk opens with a record in them, by full route pattern: when the user sees the API
 * list `list` empty, the walk's maker `make` (as in ROUTE_SAMPLES) creates one first, so that the
 * list's rows and their actions are walked too (lists the demo data leaves empty).
 */
export const ROUTE_RECORDS: Record<string, { list: string; make: string }> = {
  '/settings/integrations': { list: '/settings/api-keys', make: 'apiKey' },
  '/settings/integrations/webhooks': { list: '/settings/webhooks', make: 'webhookEndpoint' },
};

export const ROUTE_SAMPLES: Record<string, Record<string, RouteSample>> = {
  // The mail's download link: a stored export exists only after a large export, so the walk opens
  // the page of an export that is gone (what a user meets with an old mail).
  '/exports/:id': { id: { values: ['00000000-0000-4000-8000-000000000000'] } },
  '/report/:id': { id: { list: '/reports' } },
  '/pgt/:id': { id: { list: '/orders?range=[0,0]' } },
  '/tracerroute/:id': { id: { list: '/orders?range=[0,0]' } },
  '/serialtracker/:id': { id: { list: '/orders?range=[0,0]' } },
  '/item/:id': { id: { list: '/items?range=[0,0]' } },
  '/dashtower/loop/:uuid': { uuid: { list: '/dashtower/loop-orders?range=[0,0]' } },
  '/dashtower/:uuid': { uuid: { list: '/dashtower/orders?range=[0,0]' } },
  '/claim/:uuid/edit': { uuid: { list: '/claims?range=[0,0]' } },
  '/claim/:uuid': { uuid: { list: '/claims?range=[0,0]' } },
  '/fever/probes/:id': { id: { list: '/fever/probes?range=[0,0]' } },
  '/vip/:id': { id: { list: '/alerts?filter={"screen":"vip"}&range=[0,0]' } },
  '/doc/:id': { id: { list: '/alerts?filter={"screen":"doc"}&range=[0,0]' } },
  '/admin/users/:uuid': { uuid: { list: '/admin/users?range=[0,0]' } },
  '/admin/depositors/:id': { id: { list: '/admin/depositors?range=[0,0]' } },
  '/admin/reference/:tab': { tab: { values: REFERENCE_TABS } },
  '/admin/reference/:tab/new': { tab: { values: REFERENCE_TABS } },
  '/admin/reference/:tab/:id': { tab: { values: REFERENCE_TABS }, id: { list: '/admin/:tab?range=[0,0]' } },
  '/admin/templates/:id': { id: { list: '/admin/email-templates?range=[0,0]' } },
  '/admin/imports/:kind': { kind: { values: IMPORT_KINDS } },
  '/admin/transport/:tab': { tab: { values: TRANSPORT_TABS } },
  '/admin/transport/:tab/new': { tab: { values: TRANSPORT_TABS } },
  '/admin/transport/:tab/:id': { tab: { values: TRANSPORT_TABS }, id: { list: '/admin/transport/:tab?range=[0,0]' } },
  '/admin/announcements/:id': { id: { list: '/admin/announcements?range=[0,0]' } },
  // An endpoint of the walking administrator's first depositor (ROUTE_RECORDS), its test event's failed delivery in its log.
  '/settings/integrations/webhooks/:id': { id: { list: '/settings/webhooks', make: 'webhookEndpoint' } },
};
