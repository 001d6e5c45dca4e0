import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.ts';
import type { EmailProblem, NameProblem, PasswordProblem, UsernameProblem } from './text-rules.ts';

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

/** The text of each account field problem (text-rules.ts), as the server answers it. */
export const EMAIL_PROBLEM_TEXT: Record<EmailProblem, string> = {
  required: AUTH_TEXT.emailRequired,
  max: AUTH_TEXT.emailMax,
  invalid: AUTH_TEXT.emailInvalid,
};
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  required: AUTH_TEXT.passwordRequired,
  min: AUTH_TEXT.passwordMin,
  max: AUTH_TEXT.passwordMax,
};
export const NAME_PROBLEM_TEXT: Record<NameProblem, string> = {
  required: AUTH_TEXT.nameRequired,
  min: AUTH_TEXT.nameMin,
  max: AUTH_TEXT.nameMax,
};
export const USERNAME_PROBLEM_TEXT: Record<UsernameProblem, string> = {
  min: AUTH_TEXT.usernameMin,
  max: AUTH_TEXT.usernameMax,
};
