import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePhone } from '../../../components/filter-panel';
import { Pager } from '../../../components/pager';
import { formatFen } from '../../../lib/money';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import type { CheckedOrder, OrderStatus } from '../check';
import type { TFunction } from 'i18next';
import type { Column } from '../sheet/columns';
import { columnName } from '../column-name';
import { suggestOrderSn } from '../../../../contract/import-address';
import { addressGroups } from '../sheet/rows';
import { problemText, rowsText } from './problem-text';

const SIZES = [50, 100, 200] as const;
const COLOR: Record<OrderStatus, 'success' | 'warning' | 'error' | 'info'> = {
  ready: 'success',
  fix: 'warning',
  unsellable: 'error',
  already: 'info',
};
const ADDRESS: Column[] = ['consignee', 'phone', 'province', 'city', 'area', 'street', 'description'];
type Rows = { row: number; values: Record<Column, string> }[];
/** An order fixed in the dialog: its key, its rows as edited, and the rows dropped (not to be placed). */
export type OnFixed = (key: string, rows: Rows, dropped: number[]) => Promise<void>;
/** The supplier's rule for a merchant order number (as in `order.submit`). */
const ORDER_SN = /^[A-Za-z0-9_-]{6,64}$/;

/** Words keep whole: a line breaks between words, and inside one only when it alone is wider than its box. */
const WRAP = { overflowWrap: 'break-word', wordBreak: 'normal' } as const;

/** The address of an order as it will be sent (or as written, with the region as matched); the street only when the sheet gave one. */
function addressText(o: CheckedOrder) {
  const first = o.rows[0]!.values;
  const a = o.address;
  const region = a ?? o.region;
  const parts = region ? [region.province, region.city, region.area] : [first.province, first.city, first.area];
  if (!o.streetFilled && (a?.street ?? first.street)) parts.push(a?.street ?? first.street);
  parts.push(a?.description ?? first.description);
  return parts.filter(Boolean).join(' ');
}

/** A row's address as written in the sheet (a group of an order whose rows go to different people). */
const writtenAddress = (v: Record<Column, string>) => [v.province, v.city, v.area, v.street, v.description].filter(Boolean).join(' ');

/** The parts of an order the table's cells and the phone's cards both show. */
function orderParts(t: TFunction, lang: string, onFix: (o: CheckedOrder) => void) {
  return {
    address: (o: CheckedOrder) => {
      const groups = addressGroups(o.rows);
      if (groups.length > 1)
        // Rows of one number that go to different people: each group with its own address, none merged.
        return groups.map((g) => {
          const v = o.rows.find((r) => r.row === g[0])!.values;
          return (
            <Box key={g[0]} data-testid="import-address-group" sx={{ '& + &': { mt: 0.75 } }}>
              <Typography variant="body2" sx={WRAP}>
                <Typography component="span" variant="body2" color="textSecondary">
                  {rowsText(t, g, lang)} ·{' '}
                </Typography>
                {v.consignee} {v.phone}
              </Typography>
              <Typography variant="caption" color="textSecondary" sx={{ display: 'block', ...WRAP }}>
                {writtenAddress(v)}
              </Typography>
            </Box>
          );
        });
      const first = o.rows[0]!.values;
      const r = o.region;
      return (
        <>
          <Typography variant="body2" sx={WRAP}>
            {first.consignee} {first.phone}
          </Typography>
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block', ...WRAP }}>
            {addressText(o)}
          </Typography>
          {r && !r.exact && (
            <Typography variant="caption" color="info" sx={{ display: 'block', ...WRAP }}>
              {t('table.matched', { region: `${r.province} ${r.city} ${r.area}` })}
            </Typography>
          )}
        </>
      );
    },
    lines: (o: CheckedOrder) =>
      o.lines.map((l, _, all) => (
        <Typography key={l.row} variant="body2" sx={WRAP}>
          {o.problems.some((p) => p.code === 'sharedNumber') && all.length > 1 && (
            <Typography component="span" variant="body2" color="textSecondary">
              {rowsText(t, [l.row], lang)} ·{' '}
            </Typography>
          )}
          {l.title ?? o.rows.find((r) => r.row === l.row)?.values.product} {l.specName ? `· ${l.specName}` : ''} × {l.number}
          {l.was !== undefined && (
            <Typography component="span" variant="caption" color="warning" sx={{ display: 'block' }}>
              {t('table.wasPrice', { was: formatFen(l.was, lang), now: formatFen(l.price, lang) })}
            </Typography>
          )}
        </Typography>
      )),
    amount: (o: CheckedOrder) => (
      <>
        {o.status === 'ready' || o.status === 'unsellable' ? formatFen(o.goods + o.freight, lang) : '—'}
        {o.freight > 0 && (
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            {t('table.freight', { freight: formatFen(o.freight, lang) })}
          </Typography>
        )}
      </>
    ),
    todo: (o: CheckedOrder) => (
      <>
        {o.status === 'already' && (
          <Typography variant="body2" sx={WRAP}>
            {o.platformSn ? t('table.placedAs', { sn: o.platformSn }) : t('status.already')}
          </Typography>
        )}
        {o.problems.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {o.problems.map((p, i) => (
              <Typography component="li" variant="body2" key={i} data-testid="import-problem-line" sx={WRAP}>
                {problemText(t, p, o, lang)}
              </Typography>
            ))}
          </Box>
        )}
        {o.status !== 'already' && o.status !== 'ready' && (
          <Button
            size="small"
            onClick={() => onFix(o)}
            aria-label={t('table.fixOrder', { order: o.orderSn || o.key })}
            data-testid="import-fix"
          >
            {t('table.fix')}
          </Button>
        )}
      </>
    ),
    number: (o: CheckedOrder) => (
      <>
        {/* A number keeps to one line (a very long one may break). */}
        <Typography variant="body2" sx={{ fontFamily: 'monospace', ...(o.orderSn.length > 24 ? WRAP : { whiteSpace: 'nowrap' }) }}>
          {o.orderSn || t('table.noNumber')}
        </Typography>
        <Typography variant="caption" color="textSecondary">
          {rowsText(
            t,
            o.rows.map((r) => r.row),
            lang,
          )}
        </Typography>
      </>
    ),
  };
}

/**
 * The orders of a checked sheet, 50 a page: status, address as matched, goods, money and what to do;
 * each can be fixed in place. A table on wide screens, a card per order on phones (as the library's).
 * "No street" is said once above them, for all the orders of the sheet it concerns (`all`: the
 * orders shown may be filtered). `known` says which order numbers were placed before (a number
 * suggested for rows given their own is none of those, nor any of the sheet's).
 */
export function OrdersTable({
  orders,
  all = orders,
  onFixed,
  known,
}: {
  orders: CheckedOrder[];
  all?: CheckedOrder[];
  onFixed: OnFixed;
  known?: (orderSns: string[]) => Promise<{ orderSn: string }[]>;
}) {
  const { t } = useTranslation(['imports', 'cart']);
  const lang = useLang();
  const phone = usePhone();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(SIZES[0]);
  const [fixing, setFixing] = useState<CheckedOrder | null>(null);
  const parts = orderParts(t, lang, setFixing);
  const at = Math.min(page, Math.max(0, Math.ceil(orders.length / size) - 1));
  const shown = orders.slice(at * size, at * size + size);
  const noStreet = all.filter((o) => o.streetFilled && o.status !== 'already').length;
  /** Whether an order shown has something in "what to do" (a problem, a fix, or where it was placed before). */
  const todo = shown.some((o) => o.status !== 'ready' || o.problems.length > 0);
  if (orders.length === 0)
    return (
      <Typography color="textSecondary" sx={{ py: 2 }}>
        {t('table.none')}
      </Typography>
    );
  const chip = (o: CheckedOrder) => <Chip size="small" color={COLOR[o.status]} variant="outlined" label={t(`status.${o.status}`)} />;
  return (
    <>
      {noStreet > 0 && (
        <Alert severity="info" data-testid="import-street-filled">
          {t('table.streetFilled', { count: noStreet })}
        </Alert>
      )}
      {phone ? (
        <Stack spacing={1.5} component="ul" aria-label={t('table.label')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {shown.map((o) => (
            <Paper
              component="li"
              variant="outlined"
              key={o.key}
              sx={{ p: 1.5 }}
              data-testid="import-order"
              data-status={o.status}
              data-order={o.orderSn}
            >
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}>
                <Box sx={{ minWidth: 0 }}>{parts.number(o)}</Box>
                {chip(o)}
              </Stack>
              {parts.address(o)}
              <Box sx={{ mt: 1 }}>{parts.lines(o)}</Box>
              {(o.status === 'ready' || o.status === 'unsellable') && (
                <Typography variant="body2" component="div" sx={{ mt: 0.5, fontWeight: 500 }}>
                  {parts.amount(o)}
                </Typography>
              )}
              <Box sx={{ mt: 0.5 }}>{parts.todo(o)}</Box>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
          <Table size="small" aria-label={t('table.label')}>
            <TableHead>
              {/* Number, status and amount as wide as they need (1%: no more), the address and goods sharing the rest
                  with what to do when an order shown has something to do, else that column as narrow as its title. */}
              <TableRow>
                <TableCell sx={{ width: '1%' }}>{t('table.order')}</TableCell>
                <TableCell sx={{ width: '1%', whiteSpace: 'nowrap' }}>{t('table.status')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, minWidth: 180 }}>{t('table.address')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, minWidth: 180 }}>{t('table.lines')}</TableCell>
                <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                  {t('table.amount')}
                </TableCell>
                <TableCell sx={todo ? { width: '30%', minWidth: 160 } : { width: '1%', whiteSpace: 'nowrap' }}>
                  {t('table.problems')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((o) => (
                <TableRow key={o.key} data-testid="import-order" data-status={o.status} data-order={o.orderSn}>
                  <TableCell>{parts.number(o)}</TableCell>
                  <TableCell>{chip(o)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{parts.address(o)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{parts.lines(o)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {parts.amount(o)}
                  </TableCell>
                  <TableCell>{parts.todo(o)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {orders.length > size && (
        <Pager page={at + 1} size={size} count={orders.length} sizes={SIZES} onChange={(p, n) => (setPage(p - 1), setSize(n))} />
      )}
      {fixing && <FixDialog order={fixing} all={all} known={known} onClose={() => setFixing(null)} onSave={onFixed} />}
    </>
  );
}

/** What becomes of a group of rows of a shared number: kept, given its own number, dropped, or sent to another group's address. */
type Choice = { kind: 'keep' } | { kind: 'own' } | { kind: 'drop' } | { kind: 'use'; from: number };
const choiceValue = (c: Choice) => (c.kind === 'use' ? `use-${c.from}` : c.kind);
const choiceOf = (v: string): Choice => (v.startsWith('use-') ? { kind: 'use', from: Number(v.slice(4)) } : ({ kind: v } as Choice));

/**
 * Every cell of one order to edit: its number and address (from its first row, for every row) and each
 * line's product, spec or SKU, quantity and note. Each cell shows what was found wrong with it; saving
 * reads and checks the order again, so a problem stays until its cell changes.
 *
 * An order whose rows go to different people (one number, two customers) is shown group by group, each
 * with its own address to edit (editing one group never changes another), and what becomes of each:
 * kept under the number, given its own (one is suggested: none of the sheet's numbers nor one placed
 * before), dropped, or sent to another group's address, on purpose.
 */
function FixDialog({
  order,
  all,
  known,
  onClose,
  onSave,
}: {
  order: CheckedOrder;
  all: CheckedOrder[];
  known?: (orderSns: string[]) => Promise<{ orderSn: string }[]>;
  onClose: () => void;
  onSave: OnFixed;
}) {
  const { t } = useTranslation(['imports', 'cart']);
  const lang = useLang();
  const errorText = useErrorText();
  const [rows, setRows] = useState<Rows>(order.rows.map((r) => ({ row: r.row, values: { ...r.values } })));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const groups = useMemo(() => addressGroups(order.rows), [order]);
  const conflict = groups.length > 1;
  const [choices, setChoices] = useState<Choice[]>(() => groups.map(() => ({ kind: 'keep' })));
  /** Numbers typed for groups given their own; else the suggested one. */
  const [typed, setTyped] = useState<(string | undefined)[]>([]);
  const [ownError, setOwnError] = useState<(string | undefined)[]>([]);
  /** The sheet's numbers (but this order's) and, once asked, those placed before. */
  const sheetNumbers = useMemo(
    () => new Set(all.filter((o) => o.key !== order.key).flatMap((o) => [o.orderSn, ...o.rows.map((r) => r.values.orderSn)])),
    [all, order.key],
  );
  const [placed, setPlaced] = useState<ReadonlySet<string>>(new Set());
  const suggested = useMemo(() => {
    // The later groups first (the first row usually keeps the number): row 24 of 7 and 24 gets `-2`.
    const taken = new Set([...sheetNumbers, ...placed, order.orderSn]);
    const out: string[] = [];
    for (const gi of [...groups.keys()].slice(1).concat(0)) {
      out[gi] = suggestOrderSn(order.orderSn, taken);
      taken.add(out[gi]);
    }
    return out;
  }, [groups, sheetNumbers, placed, order.orderSn]);
  useEffect(() => {
    if (!conflict || !known) return;
    // Asked once: a few numbers past those the sheet takes; any placed before are not suggested.
    const taken = new Set([...sheetNumbers, order.orderSn]);
    const ask = Array.from({ length: groups.length + 5 }, () => {
      const sn = suggestOrderSn(order.orderSn, taken);
      taken.add(sn);
      return sn;
    });
    let live = true;
    known(ask).then(
      (list) => live && setPlaced(new Set(list.map((k) => k.orderSn))),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const numberOf = (gi: number) => typed[gi] ?? suggested[gi] ?? '';
  const groupRows = (gi: number) => rows.filter((r) => groups[gi]!.includes(r.row));
  const firstOf = (gi: number) => groupRows(gi)[0]!;
  const nameOf = (gi: number) => order.rows.find((r) => r.row === groups[gi]![0])?.values.consignee ?? '';
  const setAddress = (c: Column, v: string, only?: number[]) =>
    setRows((rs) => rs.map((r) => (!only || only.includes(r.row) ? { ...r, values: { ...r.values, [c]: v } } : r)));
  const setCell = (row: number, c: Column, v: string) =>
    setRows((rs) => rs.map((r) => (r.row === row ? { ...r, values: { ...r.values, [c]: v } } : r)));
  /** What the check found wrong with a column, on the rows given (any row: null), each in the words the table uses, without the row. */
  const problemsOf = (of: number[] | null, c: Column) =>
    order.problems
      .filter((p) => p.row !== null && (of === null || of.includes(p.row)) && p.column === c && p.code !== 'sharedNumber')
      .map((p) => problemText(t, p, order, lang, true))
      .join(' ');
  const first = rows[0]!;

  /** The rows to check again and those dropped, as the choices say; null when a new number will not do. */
  const resolved = (): { rows: Rows; dropped: number[] } | null => {
    const errors: (string | undefined)[] = [];
    const given = new Set<string>();
    choices.forEach((c, gi) => {
      if (c.kind !== 'own') return;
      const sn = numberOf(gi).trim();
      errors[gi] = !ORDER_SN.test(sn)
        ? t('problem.orderSn')
        : sn === order.orderSn
          ? t('fix.ownSame', { sn: order.orderSn })
          : sheetNumbers.has(sn) || given.has(sn)
            ? t('fix.ownTaken')
            : undefined;
      given.add(sn);
    });
    setOwnError(errors);
    if (errors.some(Boolean)) return null;
    const dropped: number[] = [];
    const out: Rows = [];
    for (const r of rows) {
      const gi = groups.findIndex((g) => g.includes(r.row));
      const c = choices[gi] ?? { kind: 'keep' };
      if (c.kind === 'drop') dropped.push(r.row);
      else if (c.kind === 'own') out.push({ ...r, values: { ...r.values, orderSn: numberOf(gi).trim() } });
      else if (c.kind === 'use') {
        const from = firstOf(c.from).values;
        out.push({ ...r, values: { ...r.values, ...Object.fromEntries(ADDRESS.map((a) => [a, from[a]])) } });
      } else out.push(r);
    }
    return { rows: out, dropped };
  };

  const save = async () => {
    const next = conflict ? resolved() : { rows, dropped: [] };
    if (!next) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(order.key, next.rows, next.dropped);
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  /** The address fields of the rows given (all of the order when it has one address). */
  const addressFields = (only: number[] | null, values: Record<Column, string>, withNumber: boolean) => (
    <Grid container spacing={1.5}>
      {((withNumber ? ['orderSn', ...ADDRESS] : ADDRESS) as Column[]).map((c) => {
        // The address is the order's (or the group's): what is wrong with it on any of its rows is said here.
        const help = problemsOf(c === 'orderSn' ? [first.row] : only, c);
        return (
          <Grid key={c} size={{ xs: 12, sm: c === 'description' || c === 'street' ? 12 : 6 }}>
            <TextField
              fullWidth
              size="small"
              label={columnName(t, c)}
              value={values[c]}
              onChange={(e) =>
                c === 'orderSn'
                  ? setRows((rs) => rs.map((r) => ({ ...r, values: { ...r.values, orderSn: e.target.value } })))
                  : setAddress(c, e.target.value, only ?? undefined)
              }
              error={!!help}
              helperText={help || undefined}
            />
          </Grid>
        );
      })}
    </Grid>
  );

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="md" fullWidth scroll="paper" aria-labelledby="import-fix-title">
      <DialogTitle id="import-fix-title">{t('fix.title', { order: order.orderSn || order.key })}</DialogTitle>
      <DialogContent dividers>
        {conflict ? (
          <>
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="import-fix-conflict">
              {t('fix.conflict', { sn: order.orderSn })}
            </Alert>
            {groups.map((g, gi) => {
              const label = rowsText(t, g, lang);
              const choice = choices[gi]!;
              return (
                <Paper
                  key={g[0]}
                  variant="outlined"
                  component="section"
                  aria-labelledby={`import-fix-group-${gi}`}
                  sx={{ p: 1.5, mb: 2 }}
                  data-testid="import-fix-group"
                >
                  <Typography variant="subtitle2" component="h3" id={`import-fix-group-${gi}`} sx={{ mb: 1 }}>
                    {t('fix.group', { rows: label, name: nameOf(gi) })}
                  </Typography>
                  {addressFields(g, firstOf(gi).values, false)}
                  <RadioGroup
                    aria-label={t('fix.choice', { rows: label })}
                    value={choiceValue(choice)}
                    onChange={(e) => setChoices((cs) => cs.map((c, i) => (i === gi ? choiceOf(e.target.value) : c)))}
                    sx={{ mt: 1 }}
                  >
                    <FormControlLabel value="keep" control={<Radio size="small" />} label={t('fix.keep', { sn: order.orderSn })} />
                    <FormControlLabel value="own" control={<Radio size="small" />} label={t('fix.own')} />
                    {choice.kind === 'own' && (
                      <TextField
                        size="small"
                        label={t('fix.ownNumber')}
                        value={numberOf(gi)}
                        onChange={(e) => setTyped((ts) => Object.assign([...ts], { [gi]: e.target.value }))}
                        error={!!ownError[gi]}
                        helperText={ownError[gi]}
                        sx={{ ml: 4, mb: 1, maxWidth: 320 }}
                        slotProps={{ htmlInput: { 'data-testid': 'import-fix-own-number', spellCheck: false } }}
                      />
                    )}
                    <FormControlLabel value="drop" control={<Radio size="small" />} label={t('fix.drop', { rows: label })} />
                    {groups.map((other, oi) =>
                      oi === gi ? null : (
                        <FormControlLabel
                          key={other[0]}
                          value={`use-${oi}`}
                          control={<Radio size="small" />}
                          label={t('fix.use', { rows: rowsText(t, other, lang), name: nameOf(oi) })}
                        />
                      ),
                    )}
                  </RadioGroup>
                </Paper>
              );
            })}
          </>
        ) : (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('fix.address')}
            </Typography>
            {addressFields(null, first.values, true)}
          </>
        )}
        {rows.map((r) => {
          const line = order.lines.find((l) => l.row === r.row);
          const help = (c: Column) => problemsOf([r.row], c);
          const picked = line?.options?.find((o) => o.name === r.values.spec || String(o.id) === r.values.product);
          return (
            <Box key={r.row} sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('fix.line', { row: r.row })} {line?.title ? `· ${line.title}` : ''}
              </Typography>
              <Grid container spacing={1.5}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={t('columns.product')}
                    value={r.values.product}
                    onChange={(e) => setCell(r.row, 'product', e.target.value)}
                    error={!!help('product')}
                    helperText={help('product') || undefined}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 5 }}>
                  {line?.options && line.options.length > 1 ? (
                    <TextField
                      select
                      fullWidth
                      size="small"
                      label={t('fix.pick')}
                      value={picked ? String(picked.id) : ''}
                      onChange={(e) => {
                        const o = line.options!.find((x) => String(x.id) === e.target.value);
                        if (!o) return;
                        // The product by its id and the SKU by its spec: a SKU id written before would win over the pick.
                        if (line.goodsId) setCell(r.row, 'product', String(line.goodsId));
                        setCell(r.row, 'spec', o.name);
                      }}
                      error={!!help('spec')}
                      helperText={help('spec') || undefined}
                      data-testid="import-pick-sku"
                    >
                      {line.options.map((o) => (
                        <MenuItem key={o.id} value={String(o.id)}>
                          {t('fix.skuOption', { name: o.name, price: formatFen(o.price, lang), stock: o.stock })}
                        </MenuItem>
                      ))}
                    </TextField>
                  ) : (
                    <TextField
                      fullWidth
                      size="small"
                      label={t('columns.spec')}
                      value={r.values.spec}
                      onChange={(e) => setCell(r.row, 'spec', e.target.value)}
                      error={!!help('spec')}
                      helperText={help('spec') || undefined}
                    />
                  )}
                </Grid>
                <Grid size={{ xs: 12, sm: 3 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={t('columns.quantity')}
                    value={r.values.quantity}
                    onChange={(e) => setCell(r.row, 'quantity', e.target.value)}
                    error={!!help('quantity')}
                    helperText={help('quantity') || undefined}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextField
                    fullWidth
                    size="small"
                    label={columnName(t, 'sale')}
                    value={r.values.sale}
                    onChange={(e) => setCell(r.row, 'sale', e.target.value)}
                    error={!!help('sale')}
                    helperText={help('sale') || undefined}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'import-fix-sale' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 8 }}>
                  <TextField
                    fullWidth
                    size="small"
                    multiline
                    maxRows={4}
                    label={columnName(t, 'note')}
                    value={r.values.note}
                    onChange={(e) => setCell(r.row, 'note', e.target.value)}
                    error={!!help('note')}
                    helperText={help('note') || undefined}
                  />
                </Grid>
              </Grid>
            </Box>
          );
        })}
        {order.problems
          .filter((p) => p.column === null)
          .map((p, i) => (
            <Alert key={i} severity="warning" sx={{ mt: 2 }}>
              {problemText(t, p, order, lang)}
            </Alert>
          ))}
        {error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('fix.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="import-fix-save">
          {saving ? t('fix.checking') : t('fix.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
