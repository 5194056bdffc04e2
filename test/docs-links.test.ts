import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

/** The README and every Markdown file under docs/. */
function markdownFiles(): string[] {
  const out = [join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) out.push(path);
    }
  };
  walk(join(ROOT, 'docs'));
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of withoutCode.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Relative links of a Markdown text: inline `[text](target)` and `![alt](target)`, outside code blocks. */
export function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, (m) => (m.includes('](') ? '' : m));
  const links: string[] = [];
  for (const m of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    links.push(target);
  }
  return links;
}

describe('documentation links', () => {
  const files = markdownFiles();

  it('finds the README and the docs', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it('the README stays a front door (250 lines at most)', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('every relative link in the README and docs/ resolves (files and headings)', () => {
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const link of relativeLinks(text)) {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
        const where = `${relative(ROOT, file)}: ${link}`;
        if (!target.startsWith(ROOT + '/') && target !== ROOT) broken.push(`${where} (outside the repository)`);
        else if (!existsSync(target)) broken.push(`${where} (no such file)`);
        else if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the checker catches what it must', () => {
    expect(relativeLinks('[a](docs/x.md) [b](https://x.y) ![c](p.png "t") `[d](e.md)`\n```\n[f](g.md)\n```')).toEqual([
      'docs/x.md',
      'p.png',
    ]);
    expect(slug('Sandbox (`npm run sandbox`, and the embedded sandbox of `npm start`)')).toBe(
      'sandbox-npm-run-sandbox-and-the-embedded-sandbox-of-npm-start',
    );
  });
});
