import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../components/ui/text-field.tsx';

/** The box above a sign-in form: an error (`auth-error`) or a success (`auth-success`); nothing when empty. */
export function AuthAlert({
  children,
  tone = 'error',
}: {
  children?: ReactNode;
  tone?: 'error' | 'success';
}) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <FormAlert tone={tone} testId={tone === 'error' ? 'auth-error' : 'auth-success'}>
      {children}
    </FormAlert>
  );
}

/** The line under a sign-in form that leads to the other page: "Don't have an account? Sign up". */
export function AuthSwitchLink({
  prompt,
  to,
  label,
  testId,
}: {
  prompt?: string;
  to: string;
  label: string;
  testId?: string;
}) {
  return (
    <p className="mt-6 text-center text-sm text-muted-foreground">
      {prompt ? `${prompt} ` : null}
      <Link
        to={to}
        className="font-medium text-foreground underline-offset-4 hover:underline"
        data-testid={testId}
      >
        {label}
      </Link>
    </p>
  );
}
