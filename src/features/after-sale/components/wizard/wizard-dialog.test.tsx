// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AfterSaleOptions } from '../../../../../contract';
import { renderIn } from '../../../../test/render';
import { WizardDialog } from './wizard-dialog';
import { AFTER_DELIVERY, IN_TRANSIT, LINE, REFUND_BEFORE_SHIPPING } from './fixtures';

/*
 * The wizard against option lists captured from the sandbox. The gateway is the one part replaced:
 * fetch answers beforeCheck / apply / picture as the sandbox did, and records every call.
 */
interface Call {
  op: string;
  body: any;
}
let calls: Call[];
let answers: Record<string, () => unknown>;

beforeEach(() => {
  calls = [];
  answers = {};
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const op = String(url).replace('/bff/op/', '');
      const body = JSON.parse(String(init.body));
      calls.push({ op, body });
      // The request takes a moment, as over a network: a second click lands while the first is on its way.
      await new Promise((r) => setTimeout(r, 20));
      const answer = answers[op]?.() ?? { code: 0, msg: `no answer for ${op}`, data: null };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => () => ({ code: 1, msg: '操作成功', data });

function open(options: AfterSaleOptions, onDone = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderIn(
    'en',
    <QueryClientProvider client={qc}>
      <WizardDialog open onClose={() => undefined} line={LINE} options={options} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

const next = async () => {
  // findBy: a closing menu hides the dialog from the accessibility tree for a moment.
  fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
  // Validation is async; let it settle.
  await act(async () => undefined);
};
const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } });
async function pick(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  // The menu hides the dialog from the accessibility tree until it has closed.
  await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
}
const checked = (name: string | RegExp) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;
const step = () => screen.getByText(/^(What|Why|How|How many and how much|Vouchers|Contact|Review)$/, { selector: '.Mui-active' });

describe('after-sale wizard: a refund before shipping', () => {
  it('offers only the refund, hides freight for a reason that keeps it, refuses a fee above price × quantity, and submits once', async () => {
    answers['afterSale.beforeCheck'] = ok(REFUND_BEFORE_SHIPPING);
    answers['afterSale.apply'] = ok({ id: 41 });
    const onDone = open(REFUND_BEFORE_SHIPPING);

    // What: the only service offered, by its name as answered, already chosen.
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['40']);
    expect(checked('退款')).toBe(true);
    await next();

    // Why: no reason yet is refused; each reason carries its tip.
    await next();
    expect(screen.getByText('Choose one of the reasons offered.')).toBeTruthy();
    expect(screen.getByText('商品价格以下单时为准，此原因通常不予支持')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /卖家调价/ }));
    await next();
    expect(screen.getByText('Describe the problem.')).toBeTruthy();
    type(/^Description/, '降价了');
    await next();

    // No "how" step: nothing of it was offered. How much: freight hidden for 20005.
    expect(step().textContent).toBe('How many and how much');
    expect(screen.queryByTestId('freight-field')).toBeNull();
    expect(screen.getByText('This reason does not refund the freight.')).toBeTruthy();
    expect(field(/^Goods fee/).value).toBe('951.40');
    type(/^Quantity/, '3');
    await next();
    expect(screen.getByText('A whole number from 1 to 2.')).toBeTruthy();
    type(/^Quantity/, '1');
    expect(field(/^Goods fee/).value).toBe('475.70');
    type(/^Goods fee/, '475.71');
    await next();
    expect(screen.getByText('At most ¥475.70 (price × quantity).')).toBeTruthy();
    type(/^Goods fee/, '400');
    await next();

    // Vouchers optional for this reason; contact prefilled from the order.
    expect(screen.getByText('Pictures (optional).')).toBeTruthy();
    // The contact is checkout's address form: the order's address is there, region picker included.
    await next();
    expect(((await screen.findByLabelText(/^Consignee/)) as HTMLInputElement).value).toBe('张三');
    expect(field(/^Phone/).value).toBe('13800138000');
    await waitFor(() => expect(field(/^Province/).value).toBe('浙江省'));
    expect(field(/^City/).value).toBe('杭州市');
    type(/^Phone/, '123');
    await next();
    expect(screen.getByText(/^Enter a mainland mobile/)).toBeTruthy();
    expect(step().textContent).toBe('Contact');
    type(/^Phone/, '13900139000');
    await next();

    const review = screen.getByTestId('wizard-review');
    expect(within(review).getByText('退款')).toBeTruthy();
    expect(within(review).getByText('卖家调价')).toBeTruthy();
    expect(within(review).getByText('¥400.00')).toBeTruthy();
    expect(within(review).getByText('¥0.00')).toBeTruthy();

    // A double click makes one request.
    const submit = screen.getByTestId('wizard-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(41));
    const applies = calls.filter((c) => c.op === 'afterSale.apply');
    expect(applies).toHaveLength(1);
    expect(applies[0]!.body).toMatchObject({
      orderSn: 'CAPTURE1',
      sku: 200035,
      num: 1,
      goodsFee: 40000,
      logisticFee: 0,
      serviceTypeCode: '40',
      reasonsTypeCode: '20005',
      reasonsDescription: '降价了',
      userInfo: { consignee: '张三', phone: '13900139000' },
    });
    expect(applies[0]!.body).not.toHaveProperty('pickTypeCode');
    // The names answered are kept on the gateway for the record, for every colleague.
    await waitFor(() =>
      expect(calls.find((c) => c.op === '/bff/after-sale-names/41')?.body).toMatchObject({ service: '退款', reason: '卖家调价' }),
    );
  });

  it('when the line shipped meanwhile, says so with the pre-check sentence and sends nothing', async () => {
    answers['afterSale.beforeCheck'] = () => IN_TRANSIT;
    const onDone = open(REFUND_BEFORE_SHIPPING);
    await next();
    fireEvent.click(screen.getByRole('radio', { name: /不想买了/ }));
    type(/^Description/, '拍错了');
    for (let i = 0; i < 4; i++) await next();
    fireEvent.click(screen.getByTestId('wizard-submit'));
    expect(await screen.findByText(/商品运输中，请签收后再申请退货或换货/)).toBeTruthy();
    expect(calls.filter((c) => c.op === 'afterSale.apply')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('after-sale wizard: a return after delivery (reason needs vouchers, refunds carriage)', () => {
  it('asks how, a pick-up time for door pick-up, caps freight at what was paid, and requires a picture', async () => {
    answers['afterSale.beforeCheck'] = ok(AFTER_DELIVERY);
    answers['afterSale.picture'] = ok({ urls: ['http://127.0.0.1/images/vouchers/1.png'] });
    answers['afterSale.apply'] = () => ({ code: 0, msg: '售后申请有误：goodsFee 95140 超过可退商品金额 47570', data: null });
    open(AFTER_DELIVERY);

    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['10', '20']);
    await next();
    expect(screen.getByText('Choose one of the services offered.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '退货' }));
    await next();
    fireEvent.click(screen.getByRole('radio', { name: /质量问题/ }));
    type(/^Description/, '屏幕有划痕');
    await next();

    // How: only the lists offered; door pick-up asks for a time.
    expect(step().textContent).toBe('How');
    await pick(/How the goods go back/, '上门取件');
    await pick(/State of the package/, '包装完整');
    await next();
    expect(screen.getByText('Door pick-up needs a time.')).toBeTruthy();
    type(/^Pick-up time/, '2026-11-24T10:00');
    await next();

    // How much: freight shown for a reason that refunds it, never above the freight paid.
    expect(field(/^Freight to refund/).value).toBe('8.00');
    type(/^Freight to refund/, '8.01');
    await next();
    expect(screen.getByText('At most ¥8.00, the freight paid.')).toBeTruthy();
    type(/^Freight to refund/, '8');
    await next();

    // Vouchers: required for this reason.
    expect(screen.getByText('This reason needs pictures: add at least one.')).toBeTruthy();
    await next();
    expect(screen.getByText('This reason needs at least one picture.')).toBeTruthy();
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'scratch.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByTestId('voucher-input'), { target: { files: [png] } });
    await waitFor(() => expect(screen.getAllByTestId('voucher-uploaded')).toHaveLength(1));
    const upload = calls.find((c) => c.op === 'afterSale.picture')!;
    expect(upload.body.pictures[0]).toBe(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64'));
    await next();
    await next();

    // A refusal from the upstream is shown as its sentence, with everything kept.
    fireEvent.click(screen.getByTestId('wizard-submit'));
    expect(await screen.findByText(/goodsFee 95140 超过可退商品金额 47570/)).toBeTruthy();
    const body = calls.find((c) => c.op === 'afterSale.apply')!.body;
    expect(body).toMatchObject({
      serviceTypeCode: '10',
      reasonsTypeCode: '10001',
      pickTypeCode: '4',
      packageTypeCode: '10',
      returnTypeCode: '10',
      serviceTime: '2026-11-24 10:00:00',
      logisticFee: 800,
      goodsFee: 95140,
      vouchers: ['http://127.0.0.1/images/vouchers/1.png'],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getAllByTestId('voucher-uploaded')).toHaveLength(1);
  });

  it('refuses a file that is not a picture with a sentence and uploads nothing', async () => {
    open(AFTER_DELIVERY);
    fireEvent.click(screen.getByRole('radio', { name: '退货' }));
    await next();
    fireEvent.click(screen.getByRole('radio', { name: /七天无理由/ }));
    type(/^Description/, '不想要了');
    await next();
    await pick(/How the goods go back/, '客户发货');
    await pick(/State of the package/, '包装完整');
    await next();
    // Seven-day return: no freight refunded.
    expect(screen.queryByTestId('freight-field')).toBeNull();
    await next();
    const pdf = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('voucher-input'), { target: { files: [pdf] } });
    expect(await screen.findByText('“receipt.pdf” is not a picture and was not uploaded.')).toBeTruthy();
    expect(calls.filter((c) => c.op === 'afterSale.picture')).toHaveLength(0);
  });
});

describe('after-sale wizard: an exchange', () => {
  it('going back keeps everything; changing the service clears only what depends on it; changed options are reloaded', async () => {
    answers['afterSale.beforeCheck'] = ok({ ...AFTER_DELIVERY, num: 1 });
    answers['afterSale.apply'] = ok({ id: 7 });
    const onDone = open(AFTER_DELIVERY);
    fireEvent.click(screen.getByRole('radio', { name: '换货' }));
    await next();
    fireEvent.click(screen.getByRole('radio', { name: /发错货/ }));
    type(/^Description/, '发成了黑色');
    await next();
    await pick(/How the goods go back/, '客户发货');
    await pick(/State of the package/, '无包装');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(checked('换货')).toBe(true);

    // Same service again: nothing cleared.
    await next();
    expect(checked(/发错货/)).toBe(true);
    expect(field(/^Description/).value).toBe('发成了黑色');
    await next();
    expect(screen.getByRole('combobox', { name: /How the goods go back/ }).textContent).toBe('客户发货');

    // Another service: the how-choices go, the reason and description stay.
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('radio', { name: '退货' }));
    fireEvent.click(screen.getByRole('radio', { name: '换货' }));
    await next();
    expect(checked(/发错货/)).toBe(true);
    expect(field(/^Description/).value).toBe('发成了黑色');
    await next();
    expect(screen.getByRole('combobox', { name: /How the goods go back/ }).textContent).not.toBe('客户发货');
    await pick(/How the goods go back/, '客户发货');
    await pick(/State of the package/, '包装完整');
    await next();
    await next();
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'a.png', { type: 'image/png' });
    answers['afterSale.picture'] = ok({ urls: ['http://127.0.0.1/images/vouchers/2.png'] });
    fireEvent.change(screen.getByTestId('voucher-input'), { target: { files: [png] } });
    await waitFor(() => expect(screen.getAllByTestId('voucher-uploaded')).toHaveLength(1));
    await next();
    await next();

    // Meanwhile another request took one unit: the options changed, the wizard says so and starts over with them.
    fireEvent.click(screen.getByTestId('wizard-submit'));
    expect(await screen.findByText(/changed meanwhile/)).toBeTruthy();
    expect(calls.filter((c) => c.op === 'afterSale.apply')).toHaveLength(0);
    expect(step().textContent).toBe('What');
    expect(checked('换货')).toBe(true);
    for (let i = 0; i < 3; i++) await next();
    expect(field(/^Quantity/).value).toBe('1');
    for (let i = 0; i < 3; i++) await next();
    fireEvent.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(7));
    expect(calls.find((c) => c.op === 'afterSale.apply')!.body).toMatchObject({
      serviceTypeCode: '20',
      num: 1,
      goodsFee: 47570,
      logisticFee: 800,
    });
  });
});
