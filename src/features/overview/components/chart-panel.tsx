import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { download, toCsv, type CellValue } from '../../../lib/csv';
import { WhenNear } from '../../../components/when-near';

/** Unselected choices in the secondary text colour: MUI's default (action.active) is below AA on the page's grey. */
export const TOGGLES = { '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } } as const;

/** The charts' code (MUI X Charts) comes when the first chart is drawn, after the figures. */
export const Charts = {
  DaysChart: lazy(() => import('./charts').then((m) => ({ default: m.DaysChart }))),
  KeysChart: lazy(() => import('./charts').then((m) => ({ default: m.KeysChart }))),
};

export interface FigureTable {
  /** Column titles; the first column is what a row is (a day, a channel…). */
  header: string[];
  /** What a person reads, cell by cell, and where the row leads. */
  rows: { cells: string[]; to: string }[];
  /** The same figures for the CSV: numbers as numbers, money in yuan. */
  csv: CellValue[][];
}

interface PanelProps {
  title: string;
  file: string;
  /** Its figures, worked out as the panel draws (each panel its own slice of the page's render, issue 39). */
  table: () => FigureTable;
  /** The chart of those figures. */
  chart: (table: FigureTable) => ReactNode;
  testId: string;
  /** What an empty period says (default: no orders). */
  empty?: string;
}

/** The panel's title row: its title, and (once drawn) the view's choice and the CSV's button. */
function TitleRow({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The chart's height, and what stands in its place while it is not drawn. */
const CHART_HEIGHT = 280;
const chartPlaceholder = <Skeleton variant="rectangular" height={CHART_HEIGHT} />;
/** Cells of a table of many columns: half the usual gap on each side (8 px, not 16). */
const COMPACT = { '& .MuiTableCell-sizeSmall': { px: 1 }, '& .MuiTableCell-sizeSmall:first-of-type': { pl: 0 } } as const;

/**
 * A chart with its figures as a table (for screen readers and for reading exact values; each row a
 * link to the orders behind it) and as a CSV file. Its title from the first; its controls, figures
 * and chart when it comes near the window: a phone draws the one or two panels it may show while the
 * page settles, not all eight with their buttons (issue 39: the panels were ~70 ms of the overview's
 * total blocking time on a phone in Lighthouse, median of 7).
 */
export function ChartPanel(props: PanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={props.testId}>
      <WhenNear
        fallback={
          <>
            <TitleRow title={props.title} />
            {chartPlaceholder}
          </>
        }
      >
        <PanelBody {...props} />
      </WhenNear>
    </Paper>
  );
}

function PanelBody({ title, file, table: makeTable, chart: makeChart, empty: emptyText }: PanelProps) {
  const { t } = useTranslation('overview');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const table = useMemo(() => makeTable(), [makeTable]);
  const empty = table.rows.length === 0;
  return (
    <>
      <TitleRow title={title}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_, v: 'chart' | 'table' | null) => v && setView(v)}
            aria-label={t('charts.view', { title })}
            sx={TOGGLES}
          >
            <ToggleButton value="chart">{t('charts.asChart')}</ToggleButton>
            <ToggleButton value="table">{t('charts.asTable')}</ToggleButton>
          </ToggleButtonGroup>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            disabled={empty}
            onClick={() => download(`${file}.csv`, toCsv(table.header, table.csv))}
          >
            {t('charts.download')}
          </Button>
        </Stack>
      </TitleRow>
      {empty ? (
        <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
          {emptyText ?? t('charts.empty')}
        </Typography>
      ) : view === 'chart' ? (
        // A figure named by its title; the table view says the same figures in words, each row a link.
        <div role="figure" aria-label={title}>
          <Suspense fallback={chartPlaceholder}>{makeChart(table)}</Suspense>
        </div>
      ) : (
        <TableContainer>
          {/* A table of many columns (a channel's orders, items, GMV, sales, profit and margin) keeps to
              half the page at 1440 px with narrower gaps between its columns. */}
          <Table size="small" aria-label={title} sx={table.header.length > 4 ? COMPACT : undefined}>
            <TableHead>
              <TableRow>
                {table.header.map((h, i) => (
                  <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((r) => (
                <TableRow key={r.cells[0]}>
                  {r.cells.map((c, i) => (
                    <TableCell
                      key={i}
                      align={i === 0 ? 'left' : 'right'}
                      sx={i > 0 ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined}
                    >
                      {i === 0 ? (
                        <Link component={RouterLink} to={r.to}>
                          {c}
                        </Link>
                      ) : (
                        c
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
