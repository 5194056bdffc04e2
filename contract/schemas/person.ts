import { z } from 'zod';
import { fen } from '../units';
import { addressSchema } from './common';

/**
 * What the gateway keeps per person beside the upstream (not upstream resources): the cart, the
 * address book and the checkout draft. Sizes are bounded so one person cannot fill the database.
 */
export const CART_MAX_LINES = 100;
export const ADDRESS_BOOK_MAX = 20;

const text = (max: number) => z.string().max(max, `at most ${max} characters`);

/** One cart line: the SKU and quantity, with what was known when it was added (to show it without a lookup). */
export const cartLine = z
  .object({
    sku: z.number().int().positive(),
    goodsId: z.number().int().positive(),
    number: z.number().int().min(1, 'number must be at least 1').max(9999),
    /** The agreement price (fen) when added: sent as the expected price, so a change is caught before paying. */
    price: fen.positive(),
    title: text(200),
    spec: text(200),
    source: z.number().int().min(0),
    cover: text(500),
    addedAt: z.number().int().nonnegative(),
  })
  .strict();
export type CartLine = z.infer<typeof cartLine>;

export const cart = z
  .object({
    lines: z
      .array(cartLine)
      .max(CART_MAX_LINES, `a cart holds at most ${CART_MAX_LINES} lines`)
      .refine((ls) => new Set(ls.map((l) => l.sku)).size === ls.length, 'each SKU may appear once'),
  })
  .strict();
export type Cart = z.infer<typeof cart>;

export const savedAddress = addressSchema
  .extend({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'id must be 1–40 letters, digits, _ or -'),
    consignee: addressSchema.shape.consignee.max(50),
    street: addressSchema.shape.street.max(100),
    description: addressSchema.shape.description.max(200),
    province: addressSchema.shape.province.max(30),
    city: addressSchema.shape.city.max(30),
    area: addressSchema.shape.area.max(30),
  })
  .strict();
export type SavedAddress = z.infer<typeof savedAddress>;

export const addressBook = z
  .object({
    list: z
      .array(savedAddress)
      .max(ADDRESS_BOOK_MAX, `the address book holds at most ${ADDRESS_BOOK_MAX} addresses`)
      .refine((ls) => new Set(ls.map((a) => a.id)).size === ls.length, 'address ids must be unique'),
  })
  .strict();
export type AddressBook = z.infer<typeof addressBook>;

/** What a checkout in progress remembers (partly typed, so nothing is required but the merchant order number). */
export const checkoutDraftInput = z
  .object({
    address: z
      .object({
        consignee: text(50),
        phone: text(20),
        province: text(30),
        city: text(30),
        area: text(30),
        street: text(100),
        description: text(200),
      })
      .partial()
      .strict()
      .optional(),
    strictMode: z.boolean().optional(),
  })
  .strict();
export type CheckoutDraftInput = z.infer<typeof checkoutDraftInput>;

/**
 * The checkout draft as the gateway answers it. `orderSn` is made by the gateway once per draft and
 * kept until the draft is closed, so every tab and every retry submits the same merchant order number.
 */
export interface CheckoutDraft extends CheckoutDraftInput {
  orderSn: string;
  createdAt: number;
}
