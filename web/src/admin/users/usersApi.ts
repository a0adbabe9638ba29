import type { AdminUserDto, AdminUserOptionsDto } from '@portal/contracts';
import { api } from '../../core/api';

const user = (uuid: string) => `/admin/users/${encodeURIComponent(uuid)}`;

/** The calls of user administration beyond the data provider's list, read, create and update. */
export const usersApi = {
  options: (depositors: number[] = []) =>
    api<AdminUserOptionsDto>(`/admin/users/options${depositors.length ? `?depositors=${depositors.join(',')}` : ''}`),
  setAccess: (uuid: string, access: { roles: string[]; groups: string[]; depositors: number[]; activities: number[]; stores: number[] }) =>
    api<AdminUserDto>(`${user(uuid)}/access`, { method: 'PUT', body: access }),
  resetPassword: (uuid: string) => api<{ ok: true }>(`${user(uuid)}/reset-password`, { method: 'POST' }),
  deactivate: (uuid: string) => api<AdminUserDto>(`${user(uuid)}/deactivate`, { method: 'POST' }),
  reactivate: (uuid: string) => api<AdminUserDto>(`${user(uuid)}/reactivate`, { method: 'POST' }),
};
