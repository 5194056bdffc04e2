import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';

/**
 * The title (the page's one h1), a line saying what the page is for, and the page's own actions.
 * The title and the line are plain elements with the styles MUI's Typography gives them (`h5` in bold,
 * `body1` in text.secondary), written in their `style`: the header is on the first page, and
 * Typography's code is not needed to draw it (issue 39: the first page's script; see layout.tsx).
 */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  const { typography, palette } = useTheme();
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
      <div>
        <h1 style={{ ...(typography.h5 as CSSProperties), margin: 0, fontWeight: 700 }}>{title}</h1>
        {subtitle && <p style={{ ...(typography.body1 as CSSProperties), margin: 0, color: palette.text.secondary }}>{subtitle}</p>}
      </div>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}

/** The browser tab names the page, in the person's language: "订单 · 供货台". */
export function useDocumentTitle(title: string | undefined) {
  const { t } = useTranslation('app');
  const app = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
