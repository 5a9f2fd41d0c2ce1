import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteErrorBoundaryProps {
  moduleId: string;
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** Keeps a remote that throws while rendering from blanking the page; the slot shows its fallback. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(
      `[remote-loading] ${this.props.moduleId} threw while rendering`,
      error,
      info.componentStack,
    );
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
