import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Layout } from './layout';
import { NotFound } from './not-found';
import { CrashScreen } from './crash-screen';

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Layout />,
      errorElement: <CrashScreen />,
      children: [
        { index: true, element: <Navigate to="/catalogue" replace /> },
        {
          path: 'catalogue',
          lazy: async () => ({ Component: (await import('../features/catalogue/routes/catalogue-page')).CataloguePage }),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
