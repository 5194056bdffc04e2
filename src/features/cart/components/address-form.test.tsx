// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderIn } from '../../../test/render';
import { AddressFields, addressFormSchema, EMPTY_ADDRESS, type AddressValues } from './address-form';

afterEach(cleanup);

let submitted: AddressValues | null = null;
function Harness() {
  const form = useForm<AddressValues>({ resolver: zodResolver(addressFormSchema), defaultValues: EMPTY_ADDRESS });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => (submitted = v))}>
      <AddressFields form={form} />
      <button type="submit">go</button>
    </form>
  );
}
const mount = (lang: 'en' | 'zh-CN') => {
  submitted = null;
  return renderIn(
    lang,
    <QueryClientProvider client={new QueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
};
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'go' })));
const options = (label: RegExp) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);

describe('address form', () => {
  it('asks for every field, in the person language, and submits nothing while any is missing', async () => {
    mount('zh-CN');
    await submit();
    expect(screen.getAllByText('必填。')).toHaveLength(4);
    expect(screen.getByText('请选择省份。')).toBeTruthy();
    expect(submitted).toBeNull();
    cleanup();
    mount('en');
    await submit();
    expect(screen.getAllByText('Required.')).toHaveLength(4);
    expect(screen.getByText('Choose a district.')).toBeTruthy();
  });

  it('phone: mainland mobiles and landlines with area code pass, anything else is refused with the rule', async () => {
    mount('en');
    const rule = /Enter a mainland mobile/;
    for (const bad of ['12345', '12800138000', '1380013800', '138001380001', '88886666', '571-88886666', '+8613800138000']) {
      type(/^Phone/, bad);
      await submit();
      expect(screen.queryByText(rule), bad).not.toBeNull();
    }
    for (const good of ['13800138000', '19912345678', '0571-88886666', '010 12345678', '02112345678', '0571-88886666-123']) {
      type(/^Phone/, good);
      await submit();
      expect(screen.queryByText(rule), good).toBeNull();
    }
  });

  it('region picker: cities follow the province, districts the city; a new province clears both; the names are submitted', async () => {
    mount('zh-CN');
    await waitFor(() => expect(options(/^省份/).length).toBe(34));
    expect(options(/^省份/)).toContain('新疆维吾尔自治区');
    expect((screen.getByLabelText(/^城市/) as HTMLSelectElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(/^省份/), { target: { value: '浙江省' } });
    expect(options(/^城市/)).toContain('杭州市');
    expect(options(/^城市/)).not.toContain('南京市');
    fireEvent.change(screen.getByLabelText(/^城市/), { target: { value: '杭州市' } });
    expect(options(/^区县/)).toContain('西湖区');
    fireEvent.change(screen.getByLabelText(/^区县/), { target: { value: '西湖区' } });

    fireEvent.change(screen.getByLabelText(/^省份/), { target: { value: '江苏省' } });
    expect((screen.getByLabelText(/^城市/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(/^区县/) as HTMLSelectElement).value).toBe('');
    expect(options(/^城市/)).toContain('南京市');

    fireEvent.change(screen.getByLabelText(/^城市/), { target: { value: '南京市' } });
    fireEvent.change(screen.getByLabelText(/^区县/), { target: { value: '玄武区' } });
    type(/^收货人/, '张三');
    type(/^联系电话/, '13800138000');
    type(/^街道/, '中山路');
    type(/^详细地址/, '1 号');
    await submit();
    expect(submitted).toEqual({
      consignee: '张三',
      phone: '13800138000',
      province: '江苏省',
      city: '南京市',
      area: '玄武区',
      street: '中山路',
      description: '1 号',
    });
  });
});
