import { toast } from './toast';

/**
 * Puts `text` on the clipboard and says so in a toast (`done`), or that it could not (`failed`: a
 * browser that refuses the clipboard, an insecure origin), in the person's words.
 */
export async function copyToClipboard(text: string, done: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    void toast(done, { variant: 'success' });
    return true;
  } catch {
    void toast(failed, { variant: 'warning' });
    return false;
  }
}
