import type { z } from 'zod';

/** "limit: limit may be at most 500; address.phone: …" — the field at fault first, then what is wrong. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const where = i.path.map(String).join('.');
      if (i.code === 'unrecognized_keys') return `unknown field ${(i as { keys: string[] }).keys.join(', ')}${where ? ` in ${where}` : ''}`;
      return where ? `${where}: ${i.message}` : i.message;
    })
    .join('; ');
}
