import type { ExportFormat, LabelFormat, LocaleCode, ThemeName, UiPreferences } from './settings';

/** The §3 User fields the client needs. Never the password hash. */
export interface UserDto {
  uuid: string;
  login: string;
  email: string;
  firstname: string;
  lastname: string;
  avatarURL: string | null;
  timezone: string;
  phone: string | null;
  language: { id: number; code: LocaleCode; short: string };
  theme: ThemeName;
  etiquette_format: LabelFormat;
  uid_zpl_printer: string | null;
  printer: { url: string | null; port: number | null };
  autoPrint: boolean;
  exportFormat: ExportFormat;
  roles: string[];
  roleGroups: string[];
  /**
   * The user administers every depositor (adminReachOf: ADMIN or the provider's own staff): the
   * back office's rows shared by all depositors (platforms, new depositors, email templates,
   * announcements) are theirs to change; the web hides those changes from the others.
   */
  fullAdminReach: boolean;
  logo: string | null;
  contactMail: string | null;
  filters: { depositors: number[]; activities: number[]; stores: number[]; platforms: number[] };
  preferences: UiPreferences;
}

export interface LoginResponse {
  token: string;
  user: UserDto;
}

export interface TokenCheckResponse {
  ok: true;
  token: string;
}

export interface DashboardTileDto {
  uuid: string;
  id_object: string;
  type: string;
  width: number;
  height: number;
  x: number;
  config: Record<string, unknown>;
}

export interface RefItem {
  id: number;
  code: string;
  label: string;
}
export interface DepositorDto extends RefItem {
  action_delay_on_address: number | null;
}
export interface ActivityDto extends RefItem {
  depositorId: number;
}
export interface StoreDto extends RefItem {
  depositorId: number;
  platformId: number | null;
}
export interface PlatformDto {
  id: number;
  code: string;
  label: string;
  town: string;
}

export interface AnnouncementDto {
  id: number;
  message: string;
  type: 'info' | 'other';
  /** Milliseconds the banner stays before hiding itself; 0 = until closed. */
  timeout: number;
  priority: number;
  startsAt: string;
  endsAt: string | null;
}

export interface FilterOption extends RefItem {
  selected: boolean;
}
export interface UserFiltersDto {
  depositors: FilterOption[];
  activities: FilterOption[];
  stores: FilterOption[];
  platforms: FilterOption[];
}
