import type { AfterSaleOptions } from '../../../../../contract';
import type { LineInfo } from './schema';

/*
 * Option lists as the sandbox answered afterSale.beforeCheck for one line (captured from a fresh
 * sandbox: an order of 2 × SKU 200035 at ¥475.70, freight ¥8.00), for the wizard's component tests.
 */

/** Paid, not shipped: a refund only. */
export const REFUND_BEFORE_SHIPPING: AfterSaleOptions = {
  num: 2,
  pickType: [],
  packageType: [],
  returnType: [],
  serviceType: [{ code: '40', name: '退款' }],
  reasonsType: [
    { code: '20006', name: '不想买了/等不及/拍错', needVoucher: false, refundCarriage: true, tip: '' },
    { code: '20002', name: '卖家缺货', needVoucher: false, refundCarriage: true, tip: '' },
    { code: '20004', name: '未按约定时间发货', needVoucher: true, refundCarriage: true, tip: '请上传与商家沟通的截图' },
    { code: '20005', name: '卖家调价', needVoucher: false, refundCarriage: false, tip: '商品价格以下单时为准，此原因通常不予支持' },
  ],
};

/** Delivered: a return or an exchange, with pick-up, package and return types. */
export const AFTER_DELIVERY: AfterSaleOptions = {
  num: 2,
  serviceType: [
    { code: '10', name: '退货' },
    { code: '20', name: '换货' },
  ],
  pickType: [
    { code: '4', name: '上门取件' },
    { code: '40', name: '客户发货' },
  ],
  packageType: [
    { code: '0', name: '无包装' },
    { code: '10', name: '包装完整' },
    { code: '20', name: '包装破损' },
  ],
  returnType: [{ code: '10', name: '原地址返回' }],
  reasonsType: [
    { code: '10001', name: '质量问题', needVoucher: true, refundCarriage: true, tip: '请上传能看清问题的照片' },
    { code: '10002', name: '商品与描述不符', needVoucher: true, refundCarriage: true, tip: '请上传商品实物照片' },
    { code: '10003', name: '发错货/漏发', needVoucher: true, refundCarriage: true, tip: '' },
    { code: '10004', name: '七天无理由退换', needVoucher: false, refundCarriage: false, tip: '寄回运费由买家承担；包装破损的不予支持' },
  ],
};

/** The line's pre-check while in transit: a refusal with its sentence. */
export const IN_TRANSIT = { code: 0, msg: '商品运输中，请签收后再申请退货或换货', data: null };

export const LINE: LineInfo = {
  orderSn: 'CAPTURE1',
  sku: 200035,
  lineSn: '20261123071216321513_2_1_1',
  name: '优诺 百搭卫衣 卡其',
  skuName: '卡其',
  price: 47570,
  number: 2,
  freight: 800,
  address: {
    consignee: '张三',
    phone: '13800138000',
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    street: '文三路',
    description: '100号',
  },
};
