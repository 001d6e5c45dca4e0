import {
  paths,
  type RequestPasswordResetResult,
  type ResetPasswordBody,
  type VerifyEmailBody,
} from '@parley/schema';
import { apiRequest } from './client.ts';

/** Email verification and password reset calls (doc 2 §7): public, no bearer token. */
export const verifyEmail = (body: VerifyEmailBody) =>
  apiRequest<{ message: string }>(paths.verifyEmail, { method: 'POST', body, auth: false });

export const resendVerification = (email: string) =>
  apiRequest<{ message: string }>(paths.resendVerification, { method: 'POST', body: { email }, auth: false });

export const requestPasswordReset = (email: string) =>
  apiRequest<RequestPasswordResetResult>(paths.requestPasswordReset, {
    method: 'POST',
    body: { email },
    auth: false,
  });

export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<{ message: string }>(paths.resetPassword, { method: 'POST', body, auth: false });
