import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { OpError } from '../../../lib/bff';
import { ErrorState } from '../../../components/error-state';
import { meQuery } from '../api/queries';
import { SessionContext } from '../session';

/** Renders its children for a signed-in person; otherwise sends them to sign in, and back after. */
export function SessionGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery);
  const location = useLocation();
  if (me.isPending) return <LinearProgress />;
  if (me.isError) {
    if (me.error instanceof OpError && me.error.kind === 'unauthorized') {
      const next = `${location.pathname}${location.search}`;
      return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
    }
    return (
      <Box sx={{ p: 4 }}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </Box>
    );
  }
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}
