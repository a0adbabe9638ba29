/** Spec §8 keys of user administration (merged into ERROR_STATUS). */
export const ADMIN_USERS_ERROR_STATUS = {
  /** Spec §5: role groups and filters are configured once the user is saved. */
  userNotSaved: 400,
  /** The code of a role group is unique. */
  roleGroupCodeAlreadyExists: 409,
  roleGroupNotFound: 404,
} as const;
export type AdminUsersErrorKey = keyof typeof ADMIN_USERS_ERROR_STATUS;
