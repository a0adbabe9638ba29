import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ADMIN_ROUTES } from '../../routes';

const UserList = lazy(() => import('./UserList'));
const UserForm = lazy(() => import('./UserForm'));

/** /admin/users: the list, the creation form (/new), a user's form with their access (/:uuid). */
export default function UsersArea() {
  return (
    <Routes>
      <Route index element={<UserList />} />
      <Route path={ADMIN_ROUTES.users.new} element={<UserForm />} />
      <Route path={ADMIN_ROUTES.users.user} element={<UserForm />} />
      <Route path="*" element={<Navigate to="/admin/users" replace />} />
    </Routes>
  );
}
