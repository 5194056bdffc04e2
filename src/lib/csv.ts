/** One CSV field: quoted when it holds a comma, quote, or line break; quotes doubled (RFC 4180). */
export const csvField = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A CSV file as text, with a byte-order mark so spreadsheet programs read the Chinese right. */
export const toCsv = (header: string[], rows: unknown[][]): string =>
  '\uFEFF' + [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';

export function download(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `name-YYYY-MM-DD.csv` with today's date where the person is (not UTC's, which is yesterday before 8:00 in China). */
export function csvFileName(name: string, now = new Date(), timeZone?: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `${name}-${day}.csv`;
}
