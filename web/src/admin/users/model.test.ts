import { describe, expect, it } from 'vitest';
import type { AdminUserDto } from '@portal/contracts';
import { adminPasswordChecks, bodyOf, EMPTY_USER, formOf, rightName, sortRoles } from './model';

describe('user administration form', () => {
  it('sends blank fields as absent and the printer port as a number', () => {
    expect(bodyOf({ ...EMPTY_USER, login: 'emma', email: 'emma@x.example', printerPort: '9100' })).toEqual({
      login: 'emma',
      email: 'emma@x.example',
      language: 'fr_FR',
      timezone: 'Europe/Paris',
      theme: 'dark',
      exportFormat: 'datetime',
      etiquette_format: 'PDF',
      autoPrint: true,
      printerPort: 9100,
    });
  });

  it('reads a saved user back without its password', () => {
    const user = { login: 'emma', email: 'e@x.example', phone: null, printerPort: 9100, autoPrint: false } as unknown as AdminUserDto;
    expect(formOf(user)).toMatchObject({ login: 'emma', phone: '', printerPort: '9100', autoPrint: false, password: '' });
  });

  it('checks §5 second password rule part by part', () => {
    expect(adminPasswordChecks('Abc12')).toEqual({ length: false, lower: true, upper: true, digitOrSpecial: true });
    expect(Object.values(adminPasswordChecks('Quai!x')).every(Boolean)).toBe(true);
  });

  it('names roles from the rights catalogue and sorts them by group', () => {
    expect(rightName('STOCK_USER', 'fr')).toBe('Mes stocks');
    expect(rightName('UNKNOWN', 'de')).toBe('UNKNOWN');
    expect(sortRoles(['REPORT_USER', 'ADMIN_USERS', 'PGT_USER'])).toEqual(['PGT_USER', 'ADMIN_USERS', 'REPORT_USER']);
  });
});
