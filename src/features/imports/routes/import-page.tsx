import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import {
  IMPORT_CELL_MAX,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_SKIPPED_CELL_MAX,
} from '../../../../contract/constants';
import type { CreateImportInput } from '../../../../contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { RequestReference } from '../../../components/error-state';
import { callOp } from '../../../lib/bff';
import { formatCount, formatFen } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { balanceQuery } from '../../account';
import { regionsQuery } from '../../cart';
import { knownOrders, lookupSkus, precheckOrders, useCreateImport } from '../api';
import { checkOrders, type CheckedOrder, type OrderStatus } from '../check';
import { ordersHoldingGoods } from '../watched';
import { atNewPrices, findMoved, type MovedOrder } from '../moved-prices';
import { MovedPricesNote } from '../components/moved-prices-note';
import { onWatchSignal } from '../../../lib/watch-signal';
import { OrdersTable } from '../components/orders-table';
import { PastImports } from '../components/past-imports';
import { problemText, rowsText } from '../components/problem-text';
import { looksLikeFormula } from '../../../../contract/formula';
import { download } from '../../../lib/csv';
import { columnName } from '../column-name';
import type { Column } from '../sheet/columns';
import type { ReadProblem, RawSheet, ReadResult } from '../sheet/read';
import { saleOf, type SheetRow } from '../sheet/rows';

/** An order's sale amount as the job takes it: given, or left out (not given, or its rows disagree: the order is not ready then). */
const saleField = (sale: number | undefined | 'conflict') => (typeof sale === 'number' ? { sale } : {});

/** The sheet as read: file name, its rows by column, and the orders as checked. */
interface Checked {
  fileName: string;
  rows: number;
  encoding?: string;
  unknown: string[];
  orders: CheckedOrder[];
  /** Made once per sheet: a second "place" (or a retried request) is the same job. */
  key: string;
  /** Rows dropped in the fix dialog: not placed, said so in the results sheet (and put back on request). */
  dropped: SheetRow[];
  /** The order number each row had in the file: a row placed under another keeps it in the results sheet, which names the new one. */
  sheetSn: Record<number, string>;
}

const newKey = () => (crypto.randomUUID?.() ?? `${Date.now()}${Math.random()}`).replace(/[^A-Za-z0-9]/g, '').slice(0, 40);

/** Reads a sheet into orders grouped by number (the sheet library, loaded on first use). */
async function ordersOf(sheet: RawSheet) {
  const [{ mapHeaders }, { toRows, groupOrders }] = await Promise.all([import('../sheet/columns'), import('../sheet/rows')]);
  const map = mapHeaders(sheet.header);
  return { map, orders: map.missing.length || map.duplicate.length ? [] : groupOrders(toRows(sheet, map.index)) };
}

/** The problems that come from how a cell was read (Excel's harm), not from its text: kept until the cell changes. */
const READ_FLAGS = new Set(['scientific', 'precision', 'date', 'formula']);

/**
 * Rows as edited in the page, as a sheet again (headed as the Chinese template is), to be read and
 * checked anew. A cell left as it was keeps the flag it was read with (a date Excel made stays a
 * problem until it is changed); a changed one is flagged by its text (a formula typed in is one).
 */
async function sheetOf(rows: { row: number; values: Record<Column, string> }[], before: SheetRow[]): Promise<RawSheet> {
  const [{ COLUMNS, HEADERS }, { textFlag }] = await Promise.all([import('../sheet/columns'), import('../sheet/read')]);
  const was = new Map(before.map((r) => [r.row, r]));
  return {
    header: COLUMNS.map((c) => HEADERS[c]['zh-CN']),
    rows: rows.map((r) => {
      const old = was.get(r.row);
      const flags = COLUMNS.map((c) => {
        const kept = old && old.values[c] === r.values[c] ? old.problems.find((p) => p.column === c && READ_FLAGS.has(p.code)) : undefined;
        return (kept?.code as ReturnType<typeof textFlag>) ?? textFlag(r.values[c]);
      });
      return { row: r.row, cells: COLUMNS.map((c) => r.values[c]), flags };
    }),
  };
}

/**
 * `/orders/import`: a sheet dropped, chosen or pasted is read in the browser, checked (nothing is
 * sent), shown as orders with a status each that can be filtered and fixed in place; the ready ones
 * are then handed to the gateway as a job (import-job-page.tsx follows it).
 */
export function ImportPage() {
  const { t } = useTranslation(['imports', 'app']);
  const lang = useLang();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const balance = useQuery(balanceQuery());
  const create = useCreateImport();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [filter, setFilter] = useState<OrderStatus | 'all'>('all');
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const [confirm, setConfirm] = useState(false);
  /** Ready orders whose goods' prices moved since the check (the goods mirror, asked when "Place" is clicked). */
  const [moved, setMoved] = useState<MovedOrder[]>([]);
  const [looking, setLooking] = useState(false);
  const [dragging, setDragging] = useState(false);
  /** Stops the reading under way (its worker), from the "Stop reading" button. */
  const reading = useRef<AbortController | null>(null);
  const [stoppable, setStoppable] = useState(false);
  /** Goods the goods watch said became at risk since the sheet was last checked in full (live `watch` events). */
  const [riskyGoods, setRiskyGoods] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => onWatchSignal((ids) => setRiskyGoods((had) => new Set([...had, ...ids]))), []);

  const columnsText = (cols: Column[]) => cols.map((c) => columnName(t, c)).join(lang === 'en' ? ', ' : '、');
  const readProblem = (p: ReadProblem) =>
    p.kind === 'too_large'
      ? t('read.too_large', { mb: p.limit / 1024 / 1024 })
      : p.kind === 'too_many_rows'
        ? t('read.too_many_rows', { rows: formatCount(p.rows, lang), limit: formatCount(p.limit, lang) })
        : p.kind === 'unsupported' || p.kind === 'notText'
          ? t(`read.${p.kind}`, { name: p.name })
          : p.kind === 'bomb'
            ? t('read.bomb', { mb: formatCount(Math.ceil(p.bytes / 1024 / 1024), lang), limit: p.limit / 1024 / 1024 })
            : p.kind === 'timeout'
              ? t('read.timeout', { seconds: p.seconds })
              : p.kind === 'too_far'
                ? t('read.too_far', { row: formatCount(p.row, lang), cell: p.cell, limit: formatCount(p.limit, lang) })
                : t(`read.${p.kind}`);

  /** How the check reaches the supplier (through the gateway) and the region list (cached with the checkout's). */
  const checkDeps = async () => ({
    op: callOp,
    known: knownOrders,
    skus: lookupSkus,
    precheck: precheckOrders,
    regions: await qc.fetchQuery(regionsQuery()),
  });

  const check = async (fileName: string, sheet: RawSheet, key = newKey(), kept?: Pick<Checked, 'dropped' | 'sheetSn'>) => {
    setBusy(t('drop.reading', { name: fileName }));
    const { map, orders } = await ordersOf(sheet);
    if (map.missing.length || map.duplicate.length) {
      setProblem(
        map.missing.length
          ? t('read.missing', { columns: columnsText(map.missing) })
          : t('read.duplicate', { columns: columnsText(map.duplicate) }),
      );
      setChecked(null);
      return;
    }
    setProgress({ done: 0, total: orders.length });
    setRiskyGoods(new Set());
    // Drawn at each whole percent, not at each order: 5,000 orders would be 5,000 renders of the page.
    // (The pre-checks come a request of up to 100 orders at a time: a percent may be passed, not met.)
    let drawn = -1;
    const onProgress = (done: number, total: number) => {
      const percent = Math.floor((done * 100) / total);
      if (done === total || percent !== drawn) {
        drawn = percent;
        setProgress({ done, total });
      }
    };
    const result = await checkOrders(orders, { ...(await checkDeps()), onProgress });
    const sheetSn = kept?.sheetSn ?? Object.fromEntries(orders.flatMap((o) => o.rows.map((r) => [r.row, r.values.orderSn])));
    setChecked({
      fileName,
      rows: sheet.rows.length + (kept?.dropped.length ?? 0),
      encoding: sheet.encoding,
      unknown: map.unknown,
      orders: result,
      key,
      dropped: kept?.dropped ?? [],
      sheetSn,
    });
    setFilter('all');
  };

  const run = async (fileName: string, read: (signal: AbortSignal) => Promise<ReadResult>) => {
    setProblem(null);
    setBusy(t('drop.reading', { name: fileName }));
    const stop = new AbortController();
    reading.current = stop;
    setStoppable(true);
    try {
      const r = await read(stop.signal);
      reading.current = null;
      setStoppable(false);
      if (!r.ok) {
        setProblem(readProblem(r.problem));
        setChecked(null);
        return;
      }
      await check(fileName, r.sheet);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      reading.current = null;
      setStoppable(false);
      setBusy(null);
      setProgress(null);
    }
  };
  // Read off the page's thread, with a time limit and a stop button: no file can freeze the page.
  const inWorker = async (request: { file: File } | { text: string }, signal: AbortSignal) =>
    (await import('../sheet/read-in-worker')).readInWorker(request, signal);
  const readFile = (file: File) => run(file.name, (signal) => inWorker({ file }, signal));
  const readPasted = () => run(t('drop.paste'), (signal) => inWorker({ text: pasted }, signal));

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void readFile(file);
  };

  const template = async (l: 'zh-CN' | 'en') => {
    const { templateFile } = await import('../sheet/write');
    download(`${t('templateName', { lng: l })}.xlsx`, await templateFile(l));
  };

  /**
   * One order fixed in place (`key`; null for rows put back): its rows as edited, read and checked
   * again, those dropped set aside. An order of the sheet whose number the rows now carry is checked
   * with them: one address makes one order of them, two are shown as two people under one number
   * (nothing merged behind anyone's back). The orders stay in sheet order.
   */
  const recheckOrder = async (key: string | null, rows: { row: number; values: Record<Column, string> }[], dropped: number[] = []) => {
    if (!checked) return;
    const before = key === null ? checked.dropped : (checked.orders.find((o) => o.key === key)?.rows ?? []);
    const numbers = new Set(rows.map((r) => r.values.orderSn).filter(Boolean));
    const joined = checked.orders.filter((o) => o.key !== key && o.orderSn && numbers.has(o.orderSn));
    const all = [...rows, ...joined.flatMap((o) => o.rows)].sort((a, b) => a.row - b.row);
    const result = all.length
      ? await checkOrders((await ordersOf(await sheetOf(all, [...before, ...joined.flatMap((o) => o.rows)]))).orders, await checkDeps())
      : [];
    const back = new Set(rows.map((r) => r.row));
    setChecked((c) => {
      if (!c) return c;
      const gone = new Set([key, ...joined.map((o) => o.key)]);
      const orders = [...c.orders.filter((o) => !gone.has(o.key)), ...result].sort((a, b) => a.rows[0]!.row - b.rows[0]!.row);
      const set = [...c.dropped.filter((r) => !back.has(r.row)), ...before.filter((r) => dropped.includes(r.row))];
      return { ...c, orders, dropped: set.sort((a, b) => a.row - b.row) };
    });
  };

  const recheckAll = async () => {
    if (!checked) return;
    setBusy(t('drop.reading', { name: checked.fileName }));
    try {
      const rows = checked.orders.flatMap((o) => o.rows);
      await check(checked.fileName, await sheetOf(rows, rows), checked.key, checked);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const ready = checked?.orders.filter((o) => o.status === 'ready') ?? [];
  const goods = ready.reduce((s, o) => s + o.goods, 0);
  const freight = ready.reduce((s, o) => s + o.freight, 0);
  const total = goods + freight;
  const counts = (s: OrderStatus) => checked?.orders.filter((o) => o.status === s).length ?? 0;
  const risky = ordersHoldingGoods(checked?.orders ?? [], riskyGoods);
  const movedBy = new Map(moved.map((m) => [m.key, m]));
  const goodsNow = ready.reduce((s, o) => s + (movedBy.get(o.key)?.goods ?? o.goods), 0);
  /** Before the confirmation: did a ready order's price move since the check? */
  const askToPlace = async () => {
    setLooking(true);
    try {
      setMoved(await findMoved(ready, lookupSkus));
    } finally {
      setLooking(false);
    }
    setConfirm(true);
  };

  const place = () => {
    if (!checked) return;
    // Only the sheet's columns, each within what the gateway keeps (a row not sent is kept for the results sheet, cut there).
    // A row keeps the order number the file gave it (the results sheet names the one it went under), unless it had none or a formula.
    const rowOf = (r: CheckedOrder['rows'][number], sent = false) => {
      const was = checked.sheetSn[r.row];
      const values = was && !looksLikeFormula(was) ? { ...r.values, orderSn: was } : r.values;
      return {
        row: r.row,
        cells: Object.fromEntries(
          IMPORT_COLUMNS.filter((c) => values[c] !== '').map((c) => [
            c,
            values[c].slice(0, sent ? IMPORT_CELL_MAX[c] : IMPORT_SKIPPED_CELL_MAX),
          ]),
        ),
      };
    };
    const input: CreateImportInput = {
      key: checked.key,
      fileName: checked.fileName.slice(0, 200),
      // At the new prices when they moved and the person confirmed them (else the supplier refuses the old ones).
      orders: ready
        .map((checkedOrder) => atNewPrices(checkedOrder, movedBy.get(checkedOrder.key)))
        .map((o) => ({
          orderSn: o.orderSn,
          spu: o.lines.map((l) => ({ sku: l.sku!, number: l.number, price: l.price })),
          address: o.address!,
          rows: o.rows.map((r) => rowOf(r, true)),
          goods: o.goods,
          freight: o.freight,
          // What the buyer paid (实付金额), given once per order: kept by the gateway, never sent to the supplier.
          ...saleField(saleOf(o)),
        })),
      skipped: checked.orders
        .filter((o) => o.status !== 'ready')
        .flatMap((o) =>
          o.rows.map((r) => ({
            row: rowOf(r),
            reason: (o.status === 'already'
              ? t('status.already')
              : [
                  t(`status.${o.status}`),
                  ...o.problems
                    .filter((p) => p.row === r.row || p.row === null || p.code === 'sharedNumber')
                    .map((p) => problemText(t, p, o, lang)),
                ].join(' ')
            ).slice(0, 500),
          })),
        )
        .concat(checked.dropped.map((r) => ({ row: rowOf(r), reason: t('result.dropped') }))),
    };
    create.mutate(input, { onSuccess: (r) => navigate(`/orders/import/${r.id}`) });
  };

  const shown = checked?.orders.filter((o) => filter === 'all' || o.status === filter) ?? [];
  const short = balance.data !== undefined && total > balance.data ? total - balance.data : 0;

  return (
    <Stack spacing={2}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <>
            <Button variant="outlined" onClick={() => void template('zh-CN')}>
              {t('template', { lang: t('langZh') })}
            </Button>
            <Button variant="outlined" onClick={() => void template('en')}>
              {t('template', { lang: t('langEn') })}
            </Button>
          </>
        }
      />
      <Paper
        variant="outlined"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          p: { xs: 2, sm: 3 },
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'primary.main' : 'divider',
          textAlign: 'center',
        }}
        data-testid="import-drop"
      >
        <UploadFileOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
        <Typography variant="subtitle1" component="h2">
          {t('drop.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {t('drop.hint', { rows: formatCount(IMPORT_MAX_ROWS, lang), mb: IMPORT_MAX_BYTES / 1024 / 1024 })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" onClick={() => fileInput.current?.click()} disabled={!!busy}>
            {t('drop.choose')}
          </Button>
          <Button variant="text" onClick={() => setPasting((p) => !p)} aria-expanded={pasting} disabled={!!busy}>
            {t('drop.paste')}
          </Button>
        </Stack>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".xlsx,.csv,.tsv,.txt,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void readFile(file);
          }}
        />
        {pasting && (
          <Stack spacing={1} sx={{ mt: 2, textAlign: 'left' }}>
            <TextField
              label={t('drop.pasteLabel')}
              multiline
              minRows={4}
              maxRows={12}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
            />
            <Box>
              <Button variant="outlined" onClick={() => void readPasted()} disabled={!pasted.trim() || !!busy}>
                {t('drop.read')}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
      {busy && (
        <Box role="status">
          <Typography variant="body2">{progress ? t('drop.checking', progress) : busy}</Typography>
          <LinearProgress
            variant={progress?.total ? 'determinate' : 'indeterminate'}
            value={progress?.total ? (progress.done / progress.total) * 100 : undefined}
            aria-label={busy}
          />
          {stoppable && (
            <Button size="small" sx={{ mt: 1 }} onClick={() => reading.current?.abort()} data-testid="import-stop">
              {t('drop.cancel')}
            </Button>
          )}
        </Box>
      )}
      {problem && (
        <Alert severity="error" data-testid="import-problem">
          {problem}
        </Alert>
      )}
      {checked && (
        <Stack spacing={2} data-testid="import-checked">
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
            <Typography variant="body2" color="textSecondary">
              {t('drop.file', {
                name: checked.fileName,
                rows: formatCount(checked.rows, lang),
                orders: formatCount(checked.orders.length, lang),
              })}
              {checked.encoding === 'gb18030' ? ` · ${t('drop.gbk')}` : ''}
              {checked.unknown.length ? ` · ${t('read.unknown', { columns: checked.unknown.join(lang === 'en' ? ', ' : '、') })}` : ''}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={filter}
              onChange={(_, v: OrderStatus | 'all' | null) => v && setFilter(v)}
              aria-label={t('table.status')}
              sx={{ flexWrap: 'wrap' }}
            >
              {(['all', 'ready', 'fix', 'unsellable', 'already'] as const).map((s) => (
                <ToggleButton key={s} value={s} data-testid={`filter-${s}`} sx={{ color: 'text.primary' }}>
                  {t(`status.${s}`)} {s === 'all' ? checked.orders.length : counts(s)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Stack>
          {risky.length > 0 && (
            <Alert
              severity="warning"
              data-testid="import-watch"
              action={
                <Button color="inherit" size="small" onClick={() => void recheckAll()} disabled={!!busy}>
                  {t('place.recheck')}
                </Button>
              }
            >
              {t('watch.changed', {
                count: risky.length,
                orders: risky
                  .slice(0, 5)
                  .map((o) => o.key)
                  .join(lang === 'en' ? ', ' : '、')
                  .concat(risky.length > 5 ? '…' : ''),
              })}
            </Alert>
          )}
          {checked.dropped.length > 0 && (
            <Alert
              severity="info"
              data-testid="import-dropped"
              action={
                <Button
                  color="inherit"
                  size="small"
                  disabled={!!busy}
                  onClick={() => void recheckOrder(null, checked.dropped).catch((e: unknown) => setProblem(errorText(e)))}
                >
                  {t('table.undrop')}
                </Button>
              }
            >
              {t('table.dropped', {
                rows: rowsText(
                  t,
                  checked.dropped.map((r) => r.row),
                  lang,
                ),
              })}
            </Alert>
          )}
          <OrdersTable orders={shown} all={checked.orders} onFixed={recheckOrder} known={knownOrders} />
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="import-totals">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('totals.title')}: {t('totals.orders', { count: ready.length })}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}>
              {[
                ['goods', goods],
                ['freight', freight],
                ['total', total],
                ['balance', balance.data],
                ['after', balance.data === undefined ? undefined : balance.data - total],
              ].map(([k, v]) => (
                <Box key={k as string} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="textSecondary">
                    {t(`totals.${k as string}`)}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    sx={{ m: 0, fontWeight: k === 'total' ? 600 : undefined }}
                    data-testid={`total-${k as string}`}
                  >
                    {v === undefined ? '—' : formatFen(v as number, lang)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {short > 0 && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t('totals.short', { short: formatFen(short, lang) })}
              </Alert>
            )}
            {create.error && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {errorText(create.error)}
                <RequestReference error={create.error} />
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="contained"
                disabled={ready.length === 0 || create.isPending || !!busy || looking}
                loading={looking}
                onClick={() => void askToPlace()}
                data-testid="import-place"
              >
                {t('place.button', { count: ready.length })}
              </Button>
              <Button variant="outlined" onClick={() => void recheckAll()} disabled={!!busy}>
                {t('place.recheck')}
              </Button>
            </Stack>
          </Paper>
        </Stack>
      )}
      <PastImports />
      <ConfirmDialog
        open={confirm}
        title={t('place.confirmTitle')}
        body={
          <>
            {t('place.confirmBody', { count: ready.length, total: formatFen(goodsNow + freight, lang) })}
            {moved.length > 0 && (
              <MovedPricesNote
                moved={moved}
                goods={goodsNow}
                goodsWas={goods}
                total={goodsNow + freight}
                onRecheck={() => {
                  setConfirm(false);
                  void recheckAll();
                }}
              />
            )}
          </>
        }
        confirm={moved.length > 0 ? t('moved.confirm') : t('place.confirm')}
        cancel={t('fix.cancel')}
        pending={create.isPending}
        error={create.error ? errorText(create.error) : null}
        failure={create.error}
        onConfirm={place}
        onClose={() => setConfirm(false)}
      />
    </Stack>
  );
}
