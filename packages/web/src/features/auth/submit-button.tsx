import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** The full-width submit button of the auth forms: spinner while pending, off while errors show. */
export function SubmitButton({
  pending,
  disabled,
  testId,
  children,
}: {
  pending: boolean;
  disabled: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="primary"
      size="lg"
      className="mt-2 w-full"
      disabled={pending || disabled}
      data-testid={testId}
    >
      {pending ? <Spinner className="size-4 text-current" /> : null}
      {children}
    </Button>
  );
}
