import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OpError } from '../../../lib/bff';
import { errorText } from '../../../lib/use-error-text';
import { accountKeys, loginInfoQuery, signInRequest } from '../api/queries';

const schema = z.object({ username: z.string().trim().min(1), password: z.string().min(1) });
type Form = z.infer<typeof schema>;

/** Only paths of this app may follow a sign-in (no open redirect). */
const safeNext = (next: string | null) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/');

/** `tools`: what the app puts above the form (the language and colour mode, so they can be chosen before signing in). */
export function SignInPage({ tools }: { tools?: ReactNode }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const info = useQuery(loginInfoQuery);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { username: '', password: '' } });
  const signIn = useMutation({
    mutationFn: (v: Form) => signInRequest(v.username, v.password),
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(accountKeys.me(), session);
      void navigate(safeNext(params.get('next')), { replace: true });
    },
    onError: (e) => {
      if (e instanceof OpError && e.kind === 'unauthorized') setFailure(t('signIn.wrong'));
      else if (e instanceof OpError && e.kind === 'forbidden') setFailure(t('signIn.disabled'));
      else if (e instanceof OpError && e.kind === 'rate_limited')
        setFailure(t('signIn.limited', { minutes: Math.ceil((e.retryAfter ?? 60) / 60) }));
      else setFailure(errorText(t, e));
    },
  });
  const { errors } = form.formState;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Stack spacing={2} sx={{ width: '100%', maxWidth: 420 }}>
        {tools && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
            {tools}
          </Stack>
        )}
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
            {t('signIn.title')}
          </Typography>
          <form
            noValidate
            onSubmit={form.handleSubmit((v) => {
              setFailure(null);
              signIn.mutate(v);
            })}
          >
            <Stack spacing={2}>
              {failure && (
                <Alert severity="error" role="alert">
                  {failure}
                </Alert>
              )}
              <TextField
                label={t('signIn.username')}
                autoComplete="username"
                {...form.register('username')}
                error={!!errors.username}
                helperText={errors.username ? t('signIn.required') : ' '}
              />
              <TextField
                label={t('signIn.password')}
                type="password"
                autoComplete="current-password"
                {...form.register('password')}
                error={!!errors.password}
                helperText={errors.password ? t('signIn.required') : ' '}
              />
              <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
                {t('signIn.submit')}
              </Button>
            </Stack>
          </form>
        </Paper>
        {info.data && info.data.demoUsers.length > 0 && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('signIn.demoTitle')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('signIn.demoHint')}
            </Typography>
            <List dense>
              {info.data.demoUsers.map((d) => (
                <ListItem
                  key={d.username}
                  secondaryAction={
                    <Button
                      size="small"
                      onClick={() => {
                        form.setValue('username', d.username);
                        form.setValue('password', d.password);
                      }}
                    >
                      {t('signIn.use')}
                    </Button>
                  }
                >
                  <ListItemText primary={<code>{d.username}</code>} secondary={<code>{d.password}</code>} />
                  <Chip size="small" label={t(`roles.${d.role}`)} sx={{ mr: 6 }} />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Stack>
    </Box>
  );
}
