/** Every service answers `<service>.health.check` with `{ service, db }`. */
export function healthSubject(service: string): string {
  return `${service}.health.check`;
}

/** Request/reply subjects `<service>.<resource>.<verb>` and event types, one place for all services. */
export const AuthSubjects = {
  login: 'auth.session.login',
  logout: 'auth.session.logout',
  resolveSession: 'auth.session.resolve',
  resolveApiKey: 'auth.api-key.resolve',
  forgotPassword: 'auth.password.forgot',
  forgotLogin: 'auth.login.forgot',
  checkResetLink: 'auth.password.check-reset',
  resetPassword: 'auth.password.reset',
  changePassword: 'auth.password.change',
  adminResetPassword: 'auth.password.admin-reset',
  me: 'auth.user.me',
  updateProfile: 'auth.user.update-profile',
  setSetting: 'auth.user.set-setting',
  setPrinterUri: 'auth.user.set-printer-uri',
  setPreferences: 'auth.user.set-preferences',
  getFilters: 'auth.user.get-filters',
  setFilters: 'auth.user.set-filters',
  dashboardList: 'auth.dashboard.list',
  dashboardSave: 'auth.dashboard.save',
  dashboardCreate: 'auth.dashboard.create',
  dashboardDelete: 'auth.dashboard.delete',
  dashboardApps: 'auth.dashboard.apps',
  /** Mails the caller the link of a finished background export (gateway exports). */
  mailExportReady: 'auth.export.mail-ready',
  /** Mails the caller that a background export stopped, with the reason. */
  mailExportFailed: 'auth.export.mail-failed',
  /** Durable background exports (any gateway resumes one whose lease ran out): see ExportJobDto. */
  exportJobCreate: 'auth.export-job.create',
  exportJobClaim: 'auth.export-job.claim',
  exportJobRenew: 'auth.export-job.renew',
  exportJobComplete: 'auth.export-job.complete',
  exportJobFail: 'auth.export-job.fail',
  health: healthSubject('auth'),
} as const;

export const AdminSubjects = {
  countries: 'admin.countries.list',
  states: 'admin.states.list',
  depositors: 'admin.depositors.list',
  depositorsAdmin: 'admin.depositors.list-all',
  depositorsByIds: 'admin.depositors.by-ids',
  platforms: 'admin.platforms.list',
  activities: 'admin.activities.list',
  stores: 'admin.stores.list',
  announcements: 'admin.announcements.list',
  hideAnnouncement: 'admin.announcements.hide',
  figures: 'admin.figures.get',
  emailTemplates: 'admin.email-templates.list',
  sendEmail: 'admin.email-templates.send',
  /** One template by code and short locale (the alerts service's mails), or null: system callers. */
  alertTemplate: 'admin.email-templates.alert-template',
  problemReport: 'admin.support.problem-report',
  mailOutbox: 'admin.mail-outbox.list',
  health: healthSubject('admin'),
} as const;

export const EventTypes = {
  userPasswordChanged: 'auth.user.password-changed',
  userSessionsRevoked: 'auth.user.sessions-revoked',
  /** Something the caller context carries changed (language, time zone, filter, roles). */
  userContextChanged: 'auth.user.context-changed',
  accountBlocked: 'auth.user.account-blocked',
  passwordResetByAdmin: 'auth.user.password-reset-by-admin',
  /** A user's dashboard tiles or current profile changed ({ userId }): gateways forget the tiles they remember. */
  dashboardChanged: 'auth.dashboard.changed',
} as const;

/** The services the gateway knows, for /api/health. */
export const SERVICES = ['auth', 'admin', 'tracking', 'stock', 'huby', 'alerts', 'claims', 'fever', 'reports'] as const;
export type ServiceName = (typeof SERVICES)[number];
