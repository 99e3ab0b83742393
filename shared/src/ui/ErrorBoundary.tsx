import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** a change of this key clears the error (e.g. the location: another page renders again) */
  resetKey?: unknown;
  /** what is shown instead of the children after a render error; `reset` renders them again */
  fallback: (error: Error, reset: () => void) => ReactNode;
  /** names the part in the console message */
  label?: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a render error (or a chunk that failed to download) below it, so that a part of the page
 * shows a useful panel instead of taking the page down (React's error-boundary pattern).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.label ?? 'page'}] render error`, error, info.componentStack);
  }

  override componentDidUpdate(prev: ErrorBoundaryProps) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.reset();
  }

  reset = () => this.setState({ error: null });

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
