import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.ts';

/** Messages for the registration and login forms (doc 2 §5.1–5.2). */
export const AUTH_TEXT = {
  nameRequired: 'Name is required',
  nameMin: `Name must be at least ${NAME_MIN} characters`,
  nameMax: `Name must be less than ${NAME_MAX} characters`,
  usernameMin: `Username must be at least ${USERNAME_MIN} characters`,
  usernameMax: `Username must be less than ${USERNAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailMax: `Email must be less than ${EMAIL_MAX} characters`,
  emailInvalid: 'You must enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be ${PASSWORD_MAX} characters or less`,
  passwordsMismatch: 'Passwords do not match',
} as const;
