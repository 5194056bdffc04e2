/** A delivery address the sandbox accepts, for orders placed by the e2e tests and the bench. */
export const ADDRESS = {
  consignee: '测试收货人',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '文三路',
  description: '100 号',
};
