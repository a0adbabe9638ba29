import { RIGHT_GROUPS, RIGHTS_BY_ID, type AdminUserDto, type Labels5, type RightGroup } from '@portal/contracts';

/** The §3 fields of the user form, as the form holds them (text fields hold strings). */
export interface UserFormValues {
  login: string;
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  contactMail: string;
  language: string;
  timezone: string;
  theme: string;
  exportFormat: string;
  etiquette_format: string;
  uid_zpl_printer: string;
  printerUrl: string;
  printerPort: string;
  autoPrint: boolean;
  avatarURL: string;
  logo: string;
  password: string;
}

export const EMPTY_USER: UserFormValues = {
  login: '',
  email: '',
  firstname: '',
  lastname: '',
  phone: '',
  contactMail: '',
  language: 'fr_FR',
  timezone: 'Europe/Paris',
  theme: 'dark',
  exportFormat: 'datetime',
  etiquette_format: 'PDF',
  uid_zpl_printer: '',
  printerUrl: '',
  printerPort: '',
  autoPrint: true,
  avatarURL: '',
  logo: '',
  password: '',
};

/** A saved user as the form shows it (a password is never read back). */
export function formOf(user: AdminUserDto): UserFormValues {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    login: user.login,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    phone: text(user.phone),
    contactMail: text(user.contactMail),
    language: user.language,
    timezone: user.timezone,
    theme: user.theme,
    exportFormat: user.exportFormat,
    etiquette_format: user.etiquette_format,
    uid_zpl_printer: text(user.uid_zpl_printer),
    printerUrl: text(user.printerUrl),
    printerPort: text(user.printerPort),
    autoPrint: user.autoPrint,
    avatarURL: text(user.avatarURL),
    logo: text(user.logo),
    password: '',
  };
}

/** What the form sends: blank fields as absent (a password only when one is typed). */
export function bodyOf(values: UserFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value.trim() === '') continue;
    body[key] = key === 'printerPort' ? Number(value) : value;
  }
  return body;
}

/** §5 second rule, as the form checks it before sending (the server checks again). */
export const adminPasswordChecks = (password: string) => ({
  length: password.length >= 6,
  lower: /[a-z]/.test(password),
  upper: /[A-Z]/.test(password),
  digitOrSpecial: /[0-9!@#$%^&*]/.test(password),
});

/** A role's name in the user's language (the rights catalogue), the role itself when unknown. */
export function rightName(role: string, locale: keyof Labels5): string {
  return RIGHTS_BY_ID.get(role)?.name[locale] ?? role;
}

/** Roles sorted by the catalogue's groups (applications first), for the pickers. */
export function groupOfRole(role: string): RightGroup {
  return RIGHTS_BY_ID.get(role)?.group ?? 'standalone';
}

export function sortRoles(roles: readonly string[]): string[] {
  const rank = (r: string) => RIGHT_GROUPS.indexOf(groupOfRole(r));
  return [...roles].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
