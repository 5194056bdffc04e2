import { createBrowserRouter, Link, Navigate, Outlet } from 'react-router-dom';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { CrashScreen } from './crash-screen';
import { NAV_ITEMS, allowed } from './nav';
import { SessionGate, useCan } from '../features/account';

/** `/` leads to the first page the person may use. */
function Home() {
  const can = useCan();
  const { t } = useTranslation('app');
  const first = NAV_ITEMS.find((item) => allowed(item, can));
  return first ? <Navigate to={first.to} replace /> : <Typography sx={{ py: 4 }}>{t('nav.nothing')}</Typography>;
}

/** A page of the navigation, shown only to roles that may use it (the gateway refuses the rest anyway). */
function Guard({ to }: { to: string }) {
  const can = useCan();
  const { t } = useTranslation('app');
  const item = NAV_ITEMS.find((i) => i.to === to);
  if (!item || allowed(item, can)) return <Outlet />;
  return (
    <Stack spacing={2} sx={{ py: 4, alignItems: 'flex-start' }}>
      <Alert severity="warning">{t('errors.forbidden')}</Alert>
      <Button component={Link} to="/" variant="outlined">
        {t('common.home')}
      </Button>
    </Stack>
  );
}

const page = (to: string, load: () => Promise<{ Component: React.ComponentType }>) => ({
  path: to.slice(1),
  element: <Guard to={to} />,
  children: [{ index: true, lazy: load }],
});

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/login',
      errorElement: <CrashScreen />,
      lazy: async () => ({ Component: (await import('../features/account/routes/sign-in-page')).SignInPage }),
    },
    {
      path: '/',
      element: (
        <SessionGate>
          <Layout />
        </SessionGate>
      ),
      errorElement: <CrashScreen />,
      children: [
        { index: true, element: <Home /> },
        page('/catalogue', async () => ({ Component: (await import('../features/catalogue/routes/catalogue-page')).CataloguePage })),
        {
          path: 'catalogue/goods/:id',
          lazy: async () => ({ Component: (await import('../features/catalogue/routes/goods-page')).GoodsPage }),
        },
        page('/library', async () => ({ Component: (await import('../features/selection/routes/library-page')).LibraryPage })),
        page('/groups', async () => ({ Component: (await import('../features/selection/routes/groups-page')).GroupsPage })),
        page('/users', async () => ({ Component: (await import('../features/account/routes/users-page')).UsersPage })),
        page('/audit', async () => ({ Component: (await import('../features/account/routes/audit-page')).AuditPage })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
