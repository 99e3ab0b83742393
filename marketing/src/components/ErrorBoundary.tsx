import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props { fallback: (retry: () => void) => ReactNode; children: ReactNode }
interface State { hasError: boolean }

/** Shows `fallback` instead of a blank page when a page throws (chunk load failure, render bug). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[marketing] page failed to render', error, info.componentStack);
  }

  retry = () => this.setState({ hasError: false });

  override render() {
    return this.state.hasError ? this.props.fallback(this.retry) : this.props.children;
  }
}
