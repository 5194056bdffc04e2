import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Typography } from '@mui/material';
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
        {
          path: 'catalogue',
          lazy: async () => ({ Component: (await import('../features/catalogue/routes/catalogue-page')).CataloguePage }),
        },
        {
          path: 'users',
          lazy: async () => ({ Component: (await import('../features/account/routes/users-page')).UsersPage }),
        },
        {
          path: 'audit',
          lazy: async () => ({ Component: (await import('../features/account/routes/audit-page')).AuditPage }),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
