import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { useErrorText } from '../../../lib/use-error-text';
import { uploadPicture } from '../api/queries';
import { preparePicture } from './compress';

const MAX_PICTURES = 9;

interface Pending {
  key: number;
  name: string;
  preview: string;
  state: 'compressing' | 'uploading';
}

/**
 * Pictures for a request or a courier receipt: dropped, pasted or chosen; compressed in the browser,
 * shown as previews, uploaded one by one through `afterSale.picture`. `value` holds the URLs
 * uploaded; a refused file is named with the reason and never sent.
 */
export function VoucherUploader({
  orderSn,
  sku,
  value,
  onChange,
  onBusy,
  label,
  error,
}: {
  orderSn: string;
  sku: number;
  value: string[];
  onChange: (urls: string[]) => void;
  onBusy?: (busy: boolean) => void;
  label: string;
  error?: string;
}) {
  const { t } = useTranslation('afterSale');
  const text = useErrorText();
  const inputId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const urls = useRef(value);
  urls.current = value;
  const seq = useRef(0);

  useEffect(() => onBusy?.(pending.length > 0), [pending.length, onBusy]);

  const add = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      const room = MAX_PICTURES - urls.current.length - pending.length;
      const refused: string[] = [];
      if (files.length > room) refused.push(t('uploader.tooMany', { max: MAX_PICTURES }));
      const batch = files.slice(0, Math.max(0, room)).map((file) => ({ file, key: ++seq.current }));
      setRefusals(refused);
      if (!batch.length) return;
      setPending((p) => [
        ...p,
        ...batch.map(({ file, key }) => ({
          key,
          name: file.name,
          preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : '',
          state: 'compressing' as const,
        })),
      ]);
      setProgress({ done: 0, total: batch.length });
      let done = 0;
      for (const { file, key } of batch) {
        const drop = () =>
          setPending((p) => {
            const gone = p.find((x) => x.key === key);
            if (gone?.preview) URL.revokeObjectURL(gone.preview);
            return p.filter((x) => x.key !== key);
          });
        try {
          const prepared = await preparePicture(file);
          if (!prepared.ok) {
            refused.push(t(`uploader.${prepared.reason}`, { name: file.name }));
            setRefusals([...refused]);
            drop();
            continue;
          }
          setPending((p) => p.map((x) => (x.key === key ? { ...x, state: 'uploading' } : x)));
          const url = await uploadPicture(orderSn, sku, prepared.base64);
          onChange([...urls.current, url]);
          urls.current = [...urls.current, url];
        } catch (e) {
          refused.push(t('uploader.failed', { name: file.name, reason: text(e) }));
          setRefusals([...refused]);
        } finally {
          drop();
          setProgress({ done: ++done, total: batch.length });
        }
      }
      setProgress(null);
    },
    [onChange, orderSn, sku, pending.length, t, text],
  );

  // Pasting a picture anywhere while the uploader is shown adds it.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const files = [...(e.clipboardData?.files ?? [])];
      if (files.length) {
        e.preventDefault();
        void add(files);
      }
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [add]);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void add([...e.dataTransfer.files]);
  };

  return (
    <Stack spacing={1.5}>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="voucher-drop"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <Typography sx={{ mb: 1 }}>{label}</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {t('uploader.hint', { max: MAX_PICTURES })}
        </Typography>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<AddPhotoAlternateIcon />}>
          {t('uploader.choose')}
        </Button>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="voucher-input"
          onChange={(e) => {
            void add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </Box>
      {error && (
        <Typography color="error" variant="body2" role="alert">
          {error}
        </Typography>
      )}
      {progress && (
        <Box>
          <Typography variant="body2">{t('uploader.progress', progress)}</Typography>
          <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-label={t('uploader.progressLabel')} />
        </Box>
      )}
      {refusals.map((r) => (
        <Alert key={r} severity="warning" role="alert">
          {r}
        </Alert>
      ))}
      {(value.length > 0 || pending.length > 0) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="voucher-previews">
          {value.map((url, i) => (
            <Box key={url} sx={{ position: 'relative', width: 96, height: 96 }} data-testid="voucher-uploaded">
              <Box
                component="img"
                src={url}
                alt={t('uploader.pictureAlt', { n: i + 1 })}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
              />
              <IconButton
                size="small"
                onClick={() => onChange(value.filter((u) => u !== url))}
                aria-label={t('uploader.remove', { n: i + 1 })}
                title={t('uploader.remove', { n: i + 1 })}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {pending.map((p) => (
            <Box key={p.key} sx={{ width: 96 }}>
              {p.preview ? (
                <Box
                  component="img"
                  src={p.preview}
                  alt={p.name}
                  sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1, opacity: 0.6 }}
                />
              ) : null}
              <Typography variant="caption" sx={{ display: 'block' }}>
                {t(`uploader.${p.state}`)}
              </Typography>
              <LinearProgress aria-label={t(`uploader.${p.state}`)} />
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}
