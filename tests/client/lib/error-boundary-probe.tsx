import { Component, type ReactNode } from 'react';

/** Stands in for a route's error boundary: reports what reached it. */
export class ErrorBoundaryProbe extends Component<{ onError: (error: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>route error</p> : this.props.children;
  }
}
