// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderIn } from '../test/render';
import { Pager } from './pager';

afterEach(cleanup);

const status = () => screen.getByRole('navigation').querySelector('[aria-live="polite"]')?.textContent;

describe('the pager says which rows are shown', () => {
  it('in words when there are none, not as rows 0 to 0', () => {
    renderIn('zh-CN', <Pager page={1} size={20} count={0} sizes={[20, 50]} onChange={() => {}} />);
    expect(status()).toBe('共 0 条');
    cleanup();
    renderIn('en', <Pager page={1} size={20} count={0} sizes={[20, 50]} onChange={() => {}} />);
    expect(status()).toBe('None');
  });

  it('as the span of the page and the whole count otherwise', () => {
    renderIn('zh-CN', <Pager page={2} size={20} count={45} sizes={[20, 50]} onChange={() => {}} />);
    expect(status()).toBe('第 21–40 条，共 45 条');
    cleanup();
    renderIn('en', <Pager page={3} size={20} count={45} sizes={[20, 50]} onChange={() => {}} />);
    expect(status()).toBe('41–45 of 45');
  });
});
