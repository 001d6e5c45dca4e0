import { Component, type ErrorInfo, type ReactNode } from 'react';
import { describeError, type ErrorDetails } from './error-log.ts';
import { ErrorPage } from './error-page.tsx';

type State = { details: ErrorDetails | null };

/** The app's last line of defence: a render error anywhere shows the generic error page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { details: null };

  static getDerivedStateFromError(error: unknown): State {
    return { details: describeError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Other errors are logged to the console (doc 3 §8).
    console.error(error);
    this.setState({ details: describeError(error, info.componentStack) });
  }

  override render(): ReactNode {
    return this.state.details ? <ErrorPage details={this.state.details} /> : this.props.children;
  }
}
