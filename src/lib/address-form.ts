import { z } from 'zod';
import { PHONE_PATTERN } from '../../contract/constants';

/**
 * The order address as a form: checkout, the after-sale contact and the availability check use it (with
 * the cart's `AddressFields`). Messages are keys of `cart:form`, said in the person's language. Kept out
 * of the cart's face so the first page does not carry zod.
 */
export const addressFormSchema = z.object({
  consignee: z.string().trim().min(1, 'required').max(50, 'tooLong50'),
  phone: z.string().trim().min(1, 'required').regex(PHONE_PATTERN, 'phone'),
  province: z.string().min(1, 'pickProvince'),
  city: z.string().min(1, 'pickCity'),
  area: z.string().min(1, 'pickArea'),
  street: z.string().trim().min(1, 'required').max(100, 'tooLong100'),
  description: z.string().trim().min(1, 'required').max(200, 'tooLong200'),
});
export type AddressValues = z.infer<typeof addressFormSchema>;
export const EMPTY_ADDRESS: AddressValues = { consignee: '', phone: '', province: '', city: '', area: '', street: '', description: '' };
