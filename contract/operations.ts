import { z } from 'zod';
import { idList, fen } from './units';
import { addressSchema, paging, rangeValue, section } from './schemas/common';
import { num } from './input';
import { base64ImageKind, NOT_AN_IMAGE } from './image-kind';
import { MAX_LIST_LIMIT, RANGE_TYPES, SEARCH_WORDS_MAX, SORT_KEYS } from './constants';
import {
  category,
  categoryNode,
  goodsComment,
  goodsDetail,
  goodsGroup,
  goodsListItem,
  groupGoods,
  listOf,
  newListPage,
  selectionProduct,
  sourceInfo,
} from './schemas/goods';
import { availabilityItem, beforeCheckItem, errorOrder, orderDetail, orderListPage, sourceOrderPage } from './schemas/order';
import { courier, trace } from './schemas/logistic';
import { afterSaleOptions, afterSalePage, afterSaleRecord } from './schemas/after-sale';
import { balance, cashFlowPage } from './schemas/account';

export type OpGroup = 'goods' | 'selection' | 'order' | 'logistic' | 'afterSale' | 'account';
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT';
/**
 * Where the input goes once path parameters (`{name}` in the path) are taken out:
 * `query` = query string, `body` = JSON body (also for GET: "GET+body"), `none` = nothing.
 */
export type Placement = 'query' | 'body' | 'none';

export interface OperationDef<I extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  group: OpGroup;
  /** Name in the interface document. */
  title: string;
  method: HttpMethod;
  path: string;
  placement: Placement;
  input: I;
  data: D;
  /** Changes state upstream (audited, and never retried automatically). */
  writes: boolean;
}

/** Voucher pictures per afterSale.picture call; the gateway's body cap for that call is sized for this many. */
export const MAX_PICTURES_PER_CALL = 4;

const op = <I extends z.ZodType, D extends z.ZodType>(def: OperationDef<I, D>) => def;

const none = z.object({}).strict();
/** A whole number: a JSON number or a decimal-digit string (query strings), nothing looser (contract/input.ts). */
const whole = () => z.number({ error: 'must be a number' }).int('must be a whole number');
const intIn = (min: number, max: number, msg = `must be a whole number from ${min} to ${max}`) => num(whole().min(min, msg).max(max, msg));
const posInt = num(whole().positive('must be a positive whole number'));
const sourceId = num(whole().min(0, 'source must be 0 (all) or a channel id'));
/** Order, child and goods-line numbers and the merchant's own order number. */
const orderSn = z.string().trim().min(1, 'orderSn is required').max(64, 'orderSn may be at most 64 characters');
/** Short code strings of after-sale (service, pick, package, return and reason types). */
const code = (name: string) => z.string().trim().max(16, `${name} may be at most 16 characters`);
const voucherUrls = z.array(z.string().max(2048, 'a voucher URL may be at most 2048 characters').url()).max(9);
const sortDir = z.enum(['asc', 'desc']);

/** range_type + range_from/range_to of the list operations. */
const rangeFilter = {
  range_type: z.enum(RANGE_TYPES).optional(),
  range_from: rangeValue('range_from').optional(),
  range_to: rangeValue('range_to').optional(),
};
const rangeOk = (v: { range_type?: string; range_from?: number; range_to?: number }) =>
  v.range_from === undefined || v.range_to === undefined || v.range_from <= v.range_to;
const rangeNeedsType = (v: { range_type?: string; range_from?: number; range_to?: number }) =>
  v.range_type !== undefined || (v.range_from === undefined && v.range_to === undefined);

const libraryListInput = z
  .object({
    ...paging(MAX_LIST_LIMIT),
    source: sourceId,
    category_id: posInt.optional(),
    ...rangeFilter,
    search_words: z.string().trim().max(SEARCH_WORDS_MAX).optional(),
    is_free_shipping: intIn(0, 1).optional(),
    commission_agent: intIn(0, 1).optional(),
    last_id: posInt.optional(),
  })
  .strict()
  .refine(rangeOk, { message: 'range_from must not exceed range_to', path: ['range_from'], params: { rule: 'range_order' } })
  .refine(rangeNeedsType, {
    message: 'range_type is required with range_from / range_to',
    path: ['range_type'],
    params: { rule: 'required' },
  });

/** Add and Remove take the same ids and answer the library's new size. */
const libraryIds = z.object({ goods_ids: idList(200) }).strict();
const libraryTotal = z.looseObject({ total: z.number().int() });

const spuLine = z.object({
  sku: posInt,
  number: intIn(1, 9999, 'number must be from 1 to 9999'),
});

export const operations = {
  // ---- products (商品) ----
  'goods.detail': op({
    group: 'goods',
    title: '获取商品详情v2',
    method: 'GET',
    path: '/v2/Goods/Detail',
    placement: 'query',
    input: z.object({ id: posInt }).strict(),
    data: goodsDetail,
    writes: false,
  }),
  'goods.bulkDetail': op({
    group: 'goods',
    title: '批量获取详情v2',
    method: 'POST',
    path: '/v2/Goods/GetBulkGoodDetail',
    placement: 'body',
    input: z.object({ ids: idList(50) }).strict(),
    data: z.array(goodsDetail),
    writes: false,
  }),
  'category.list': op({
    group: 'goods',
    title: '获取全量分类v2',
    method: 'GET',
    path: '/v2/Category/Lists',
    placement: 'query',
    input: z.object({ ...paging(MAX_LIST_LIMIT), source: posInt }).strict(),
    data: z.looseObject({ count: z.number().int(), data: z.array(category) }),
    writes: false,
  }),
  'category.children': op({
    group: 'goods',
    title: '获取逐级类目v2',
    method: 'GET',
    path: '/v2/Category/GetCategory',
    placement: 'query',
    input: z.object({ parent_id: num(whole().min(0, 'parent_id must not be negative')), source: posInt }).strict(),
    data: z.array(categoryNode),
    writes: false,
  }),
  'goods.refresh': op({
    group: 'goods',
    title: '批量更新商品v2',
    method: 'POST',
    path: '/v2/Goods/GetBulkGoodsMessage',
    placement: 'body',
    input: z.object({ goodsIds: idList(50) }).strict(),
    data: z.array(z.string()),
    writes: true,
  }),
  'goods.list': op({
    group: 'goods',
    title: '商品列表',
    method: 'GET',
    path: '/v2/Goods/Lists',
    placement: 'query',
    input: z
      .object({
        ...paging(MAX_LIST_LIMIT),
        source: sourceId,
        category_id: posInt.optional(),
        ...rangeFilter,
        search_words: z.string().trim().max(SEARCH_WORDS_MAX).optional(),
        is_free_shipping: intIn(0, 1).optional(),
      })
      .strict()
      .refine(rangeOk, { message: 'range_from must not exceed range_to', path: ['range_from'], params: { rule: 'range_order' } })
      .refine(rangeNeedsType, {
        message: 'range_type is required with range_from / range_to',
        path: ['range_type'],
        params: { rule: 'required' },
      }),
    data: listOf(goodsListItem),
    writes: false,
  }),
  'goods.comments': op({
    group: 'goods',
    title: '商品评论',
    method: 'GET',
    path: '/v2/comments',
    placement: 'query',
    input: z.object({ sku: posInt, ...paging(100) }).strict(),
    data: listOf(goodsComment),
    writes: false,
  }),

  // ---- selection (选品) ----
  'source.list': op({
    group: 'selection',
    title: '获取在售渠道',
    method: 'POST',
    path: '/v2/GetSource',
    placement: 'body',
    input: none,
    data: z.array(sourceInfo),
    writes: false,
  }),
  'group.list': op({
    group: 'selection',
    title: '选品分组列表v2',
    method: 'GET',
    path: '/v2/GoodsGroup/ApiLists',
    placement: 'query',
    input: z.object(paging(MAX_LIST_LIMIT)).strict(),
    data: listOf(goodsGroup),
    writes: false,
  }),
  'selection.online': op({
    group: 'selection',
    title: '在线选品v2(新版)',
    method: 'POST',
    path: '/v2/GoodsStorage/NewList',
    placement: 'body',
    input: z
      .object({
        ...paging(MAX_LIST_LIMIT),
        source: sourceId.optional(),
        category_id: posInt.optional(),
        brand_ids: z.array(posInt).max(50).optional(),
        search_words: z.string().trim().max(SEARCH_WORDS_MAX).optional(),
        shop_words: z.string().trim().max(SEARCH_WORDS_MAX).optional(),
        type: z.enum(SORT_KEYS).optional(),
        sort: sortDir.optional(),
        is_free_shipping: intIn(-1, 1).optional(),
        group_id: posInt.optional(),
        recommend: intIn(0, 1_000_000).optional(),
        last_id: posInt.optional(),
        agreement_price: section.optional(),
        guide_price: section.optional(),
        activity_price: section.optional(),
        promotion_rate: section.optional(),
        activity_rate: section.optional(),
        profits: section.optional(),
        created_time: section.optional(),
      })
      .strict(),
    data: newListPage,
    writes: false,
  }),
  'group.goods': op({
    group: 'selection',
    title: '选品分组商品列表v2',
    method: 'POST',
    path: '/v2/GoodsGroup/ApiGoodsList',
    placement: 'body',
    input: z
      .object({
        ...paging(MAX_LIST_LIMIT),
        group_id: posInt.optional(),
        source: sourceId.optional(),
        is_free_shipping: intIn(-1, 1).optional(),
        shop_words: z.string().trim().max(SEARCH_WORDS_MAX).optional(),
        search_words: z.string().trim().max(SEARCH_WORDS_MAX).optional(),
        type: z.enum(SORT_KEYS).optional(),
        sort: sortDir.optional(),
        agreement_price: section.optional(),
        guide_price: section.optional(),
        activity_price: section.optional(),
        /** Spelled `promote_rate` by the interface document for this operation. */
        promote_rate: section.optional(),
        activity_rate: section.optional(),
      })
      .strict(),
    data: listOf(groupGoods),
    writes: false,
  }),
  'selection.add': op({
    group: 'selection',
    title: '选品库增加商品v2',
    method: 'GET',
    path: '/v2/GoodsStorage/Add',
    placement: 'query',
    input: libraryIds,
    data: libraryTotal,
    writes: true,
  }),
  'selection.list': op({
    group: 'selection',
    title: '选品库商品列表v2',
    method: 'GET',
    path: '/v2/GoodsStorage/MyLists',
    placement: 'query',
    input: libraryListInput,
    data: listOf(selectionProduct),
    writes: false,
  }),
  'selection.remove': op({
    group: 'selection',
    title: '选品库移除商品v2',
    method: 'GET',
    path: '/v2/GoodsStorage/Remove',
    placement: 'query',
    input: libraryIds,
    data: libraryTotal,
    writes: true,
  }),
  'selection.onlineOld': op({
    group: 'selection',
    title: '在线选品(旧)',
    method: 'GET',
    path: '/v2/GoodsStorage/Lists',
    placement: 'query',
    input: libraryListInput,
    data: listOf(selectionProduct),
    writes: false,
  }),
  'selection.clear': op({
    group: 'selection',
    title: '清空选品库',
    method: 'GET',
    path: '/v2/GoodsStorage/Delete',
    placement: 'none',
    input: none,
    data: z.looseObject({}),
    writes: true,
  }),

  // ---- orders (订单) ----
  'order.availableCheck': op({
    group: 'order',
    title: '可售检测V2',
    method: 'GET',
    path: '/v2/order/availableCheck',
    placement: 'body',
    input: z.object({ spu: z.array(spuLine).min(1, 'at least one sku').max(100), address: addressSchema }).strict(),
    data: z.array(availabilityItem),
    writes: false,
  }),
  'order.beforeCheck': op({
    group: 'order',
    title: '前置校验V2',
    method: 'POST',
    path: '/v2/order/beforeCheck',
    placement: 'body',
    input: z
      .object({
        spu: z
          .array(spuLine.extend({ price: fen.positive().optional() }))
          .min(1, 'at least one sku')
          .max(100),
        address: addressSchema,
      })
      .strict(),
    data: z.array(beforeCheckItem),
    writes: false,
  }),
  'order.submit': op({
    group: 'order',
    title: '提交下单V2',
    method: 'POST',
    path: '/v2/order',
    placement: 'body',
    input: z
      .object({
        orderSn: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{6,64}$/, 'orderSn must be 6–64 letters, digits, _ or -'),
        spu: z
          .array(spuLine.extend({ price: fen.positive().optional() }))
          .min(1, 'at least one sku')
          .max(100),
        address: addressSchema,
        strictMode: z.boolean().optional(),
      })
      .strict(),
    data: z.unknown(),
    writes: true,
  }),
  'order.list': op({
    group: 'order',
    title: '全平台订单列表V2',
    method: 'GET',
    path: '/v2/order',
    placement: 'body',
    input: z
      .object({
        search: z
          .object({
            ...paging(100),
            createdTime: z
              .object({ from: intIn(0, 99_999_999_999).optional(), to: intIn(0, 99_999_999_999).optional() })
              .strict()
              .optional(),
            goodsName: z.string().trim().max(100).optional(),
            consignee: z.string().trim().max(50).optional(),
            phone: z.string().trim().max(20).optional(),
            thirdSn: z.string().trim().max(64).optional(),
            sn: z.string().trim().max(64).optional(),
          })
          .strict(),
      })
      .strict(),
    data: orderListPage,
    writes: false,
  }),
  'order.sourceList': op({
    group: 'order',
    title: '各平台订单列表V2',
    method: 'GET',
    path: '/v2/order/source/{source}',
    placement: 'body',
    input: z.object({ source: posInt, ...paging(100) }).strict(),
    data: sourceOrderPage,
    writes: false,
  }),
  'order.detail': op({
    group: 'order',
    title: '订单详情',
    method: 'GET',
    path: '/v2/order/{sn}',
    placement: 'none',
    input: z
      .object({
        sn: z
          .string()
          .trim()
          .max(64, 'sn may be at most 64 characters')
          .regex(/^\d+_\d+_\d+_\d+$/, 'sn must be a goods-line number like 2020…_2_1_1'),
      })
      .strict(),
    data: orderDetail,
    writes: false,
  }),
  'order.retry': op({
    group: 'order',
    title: '失败补单',
    method: 'PATCH',
    path: '/v2/order',
    placement: 'body',
    input: z.object({ orderSn }).strict(),
    data: z.unknown(),
    writes: true,
  }),
  'order.refund': op({
    group: 'order',
    title: '失败退单',
    method: 'PUT',
    path: '/v2/order',
    placement: 'body',
    input: z.object({ orderSn }).strict(),
    data: z.unknown(),
    writes: true,
  }),
  'order.errors': op({
    group: 'order',
    title: '错误订单列表',
    method: 'GET',
    path: '/v2/order/errorLists',
    placement: 'body',
    input: z.object(paging(100)).strict(),
    data: listOf(errorOrder),
    writes: false,
  }),

  // ---- logistics (物流) ----
  'logistic.confirm': op({
    group: 'logistic',
    title: '确认收货',
    method: 'POST',
    path: '/v2/logistic/confirm',
    placement: 'body',
    input: z
      .object({
        goods_sn: z
          .string()
          .trim()
          .max(64, 'goods_sn may be at most 64 characters')
          .regex(/^\d+_\d+_\d+_\d+$/, 'goods_sn must be a goods-line number'),
      })
      .strict(),
    data: z.looseObject({}),
    writes: true,
  }),
  'logistic.trace': op({
    group: 'logistic',
    title: '物流查询v2',
    method: 'GET',
    path: '/v2/logistic',
    placement: 'query',
    input: z.object({ orderSn, sku: posInt }).strict(),
    data: trace,
    writes: false,
  }),
  'logistic.firms': op({
    group: 'logistic',
    title: '获取物流公司列表V2',
    method: 'GET',
    path: '/v2/logistic/firms',
    placement: 'none',
    input: none,
    data: z.array(courier),
    writes: false,
  }),

  // ---- after-sale (售后) ----
  'afterSale.beforeCheck': op({
    group: 'afterSale',
    title: '售后前置校验V2',
    method: 'POST',
    path: '/v2/afterSale/beforeCheck',
    placement: 'body',
    input: z.object({ orderSn, sku: posInt }).strict(),
    data: afterSaleOptions,
    writes: false,
  }),
  'afterSale.picture': op({
    group: 'afterSale',
    title: '上传售后凭证(图片)V2',
    method: 'POST',
    path: '/v2/afterSale/picture',
    placement: 'body',
    input: z
      .object({
        orderSn,
        sku: posInt,
        pictures: z
          .array(
            z
              .string()
              .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'each picture must be raw base64 without a data: prefix')
              // 1 MB before encoding is at most 1,398,104 base64 characters.
              .max(Math.ceil((1024 * 1024) / 3) * 4, 'each picture may be at most 1 MB')
              // What the bytes are, not what the file was called: a text file named fake.png never goes upstream.
              .refine((v) => base64ImageKind(v) !== null, NOT_AN_IMAGE),
          )
          .min(1, 'at least one picture')
          .max(MAX_PICTURES_PER_CALL, `at most ${MAX_PICTURES_PER_CALL} pictures per call`),
      })
      .strict(),
    data: z.looseObject({ urls: z.array(z.string()) }),
    writes: true,
  }),
  'afterSale.apply': op({
    group: 'afterSale',
    title: '申请售后V2',
    method: 'POST',
    path: '/v2/afterSale',
    placement: 'body',
    input: z
      .object({
        orderSn,
        sku: posInt,
        num: intIn(1, 9999, 'num must be from 1 to 9999'),
        goodsFee: fen.min(0),
        logisticFee: fen.min(0),
        serviceTypeCode: code('serviceTypeCode').min(1, 'serviceTypeCode is required'),
        pickTypeCode: code('pickTypeCode').optional(),
        packageTypeCode: code('packageTypeCode').optional(),
        returnTypeCode: code('returnTypeCode').optional(),
        reasonsTypeCode: code('reasonsTypeCode').min(1, 'reasonsTypeCode is required'),
        reasonsDescription: z.string().trim().min(1, 'reasonsDescription is required').max(500),
        serviceTime: z.string().max(32, 'serviceTime may be at most 32 characters').optional(),
        vouchers: voucherUrls.optional(),
        userInfo: addressSchema.optional(),
      })
      .strict(),
    data: z.looseObject({ id: z.number().int() }),
    writes: true,
  }),
  'afterSale.list': op({
    group: 'afterSale',
    title: '售后列表V2',
    method: 'GET',
    path: '/v2/afterSale',
    placement: 'query',
    input: z
      .object({ ...paging(100), orderSn: orderSn.optional(), sku: posInt.optional() })
      .strict()
      .refine((v) => (v.orderSn === undefined) === (v.sku === undefined), {
        message: 'send orderSn and sku together, or neither',
        path: ['sku'],
      }),
    data: afterSalePage,
    writes: false,
  }),
  'afterSale.detail': op({
    group: 'afterSale',
    title: '售后详情V2',
    method: 'GET',
    path: '/v2/afterSale/{id}',
    placement: 'none',
    input: z.object({ id: posInt }).strict(),
    data: afterSaleRecord,
    writes: false,
  }),
  'afterSale.mail': op({
    group: 'afterSale',
    title: '退货商家邮寄信息',
    method: 'PATCH',
    path: '/v2/afterSale',
    placement: 'body',
    input: z
      .object({
        id: posInt,
        sn: z.string().trim().min(4, 'sn (tracking number) is required').max(64, 'sn may be at most 64 characters'),
        company: z.string().trim().min(1, 'company (courier code) is required').max(32, 'company may be at most 32 characters'),
        vouchers: voucherUrls.optional(),
        description: z.string().trim().max(500).optional(),
      })
      .strict(),
    data: z.unknown(),
    writes: true,
  }),

  // ---- account (账户) ----
  'account.balance': op({
    group: 'account',
    title: '获取账户余额',
    method: 'GET',
    path: '/v2/account/application/balance',
    placement: 'body',
    input: none,
    data: balance,
    writes: false,
  }),
  'account.cashFlow': op({
    group: 'account',
    title: '资金流水记录',
    method: 'GET',
    path: '/v2/cash/flow',
    placement: 'query',
    input: z
      .object({
        ...paging(100),
        type: intIn(0, 99).optional(),
        direction: intIn(1, 2).optional(),
        startTime: intIn(0, 99_999_999_999).optional(),
        endTime: intIn(0, 99_999_999_999).optional(),
      })
      .strict(),
    data: cashFlowPage,
    writes: false,
  }),
} as const;

export type Operations = typeof operations;
export type OpId = keyof Operations;
/** What a caller passes (before coercion and defaults). */
export type OpInput<K extends OpId> = z.input<Operations[K]['input']>;
/** What the validated input looks like. */
export type OpParsedInput<K extends OpId> = z.output<Operations[K]['input']>;
export type OpData<K extends OpId> = z.output<Operations[K]['data']>;

export const OP_IDS = Object.keys(operations) as OpId[];
export const getOperation = (id: string): OperationDef | undefined =>
  Object.prototype.hasOwnProperty.call(operations, id) ? (operations as Record<string, OperationDef>)[id] : undefined;

/** Names of the `{param}` placeholders of a path. */
export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
