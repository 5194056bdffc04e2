import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { OpError } from '../../../lib/bff';
import { lazyNamed } from '../../../lib/lazy';
import { Progress } from '../../../lib/progress';
import { meQuery } from '../api/queries';
import { SessionContext } from '../session';

// Shown only when the session cannot be read: not in the first page's script.
const ErrorState = lazyNamed(() => import('../../../components/error-state'), 'ErrorState');

/** Renders its children for a signed-in person; otherwise sends them to sign in, and back after. */
export function SessionGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery);
  const location = useLocation();
  if (me.isPending) return <Progress />;
  if (me.isError) {
    if (me.error instanceof OpError && me.error.kind === 'unauthorized') {
      const next = `${location.pathname}${location.search}`;
      return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
    }
    return (
      <Box sx={{ p: 4 }}>
        <Suspense fallback={null}>
          <ErrorState error={me.error} onRetry={() => void me.refetch()} />
        </Suspense>
      </Box>
    );
  }
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}
