import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { lazyNamed } from '../lib/lazy';

/** Its code is not in the first page: main.tsx asks for it at start-up, so it is there when a page fails. */
export const CrashScreen = lazyNamed(() => import('./crash-screen'), 'CrashScreen');

interface State {
  error: Error | null;
}

/** Last line of defence: a render error shows a sentence and a way out, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? (
      <Suspense fallback={null}>
        <CrashScreen onReset={() => this.setState({ error: null })} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
