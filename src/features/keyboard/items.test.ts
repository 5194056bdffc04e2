import { describe, expect, it } from 'vitest';
import { phoneTailOf } from './items';

describe('phoneTailOf', () => {
  it('reads four digits, alone or after a word that says a phone, in either language', () => {
    expect(phoneTailOf('1234')).toEqual({ tail: '1234', only: false });
    expect(phoneTailOf(' 0007 ')).toEqual({ tail: '0007', only: false });
    for (const typed of ['phone 1234', 'Phone:1234', 'tel 1234', '手机 1234', '手机号1234', '手机尾号 1234', '尾号：1234', '电话 1234'])
      expect(phoneTailOf(typed), typed).toEqual({ tail: '1234', only: true });
    // Full-width digits, as a Chinese keyboard may type them.
    expect(phoneTailOf('手机 １２３４')).toEqual({ tail: '1234', only: true });
  });

  it('leaves alone what is not four digits', () => {
    for (const typed of ['123', '12345', 'phone', 'phone 123', 'abcd', '12a4', 'iphone 1234', '1234 phone'])
      expect(phoneTailOf(typed), typed).toBeUndefined();
  });
});
