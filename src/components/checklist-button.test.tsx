// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ChecklistButton, type ChecklistItem } from './checklist-button';
import { brandCollator } from '../lib/intl';
import { renderIn } from '../test/render';

afterEach(cleanup);

const items: ChecklistItem[] = ['张三', '阿里', '王五', '李四'].map((label, i) => ({ value: String(i), label, checked: i === 2 }));

describe('ChecklistButton', () => {
  it('lists the items in the order given, applied when the menu opens, and toggles by value', async () => {
    const onToggle = vi.fn();
    const order = vi.fn((a: ChecklistItem, b: ChecklistItem) => brandCollator().compare(a.label, b.label));
    renderIn(
      'zh-CN',
      <ChecklistButton items={items} order={order} onToggle={onToggle}>
        品牌
      </ChecklistButton>,
    );
    // Nothing is sorted (no collator is asked) until the menu is opened.
    expect(order).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '品牌' }));
    const entries = await screen.findAllByRole('menuitemcheckbox');
    expect(entries.map((e) => e.textContent)).toEqual(['阿里', '李四', '王五', '张三']);
    expect(entries.map((e) => e.getAttribute('aria-checked'))).toEqual(['false', 'false', 'true', 'false']);
    fireEvent.click(entries[1]!);
    expect(onToggle).toHaveBeenCalledWith('3');
  });
});
