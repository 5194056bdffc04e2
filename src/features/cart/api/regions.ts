import { queryOptions } from '@tanstack/react-query';
import { cartKeys } from './cart';

type AreaList = { province_list: Record<string, string>; city_list: Record<string, string>; county_list: Record<string, string> };

/** China's provinces, cities and districts (GB/T 2260 codes, @vant/area-data): ~33 kB gzip, loaded when an address form or a sheet check first needs them. */
export const regionsQuery = () =>
  queryOptions({
    queryKey: cartKeys.regions(),
    queryFn: async (): Promise<AreaList> => (await import('@vant/area-data')).areaList,
    staleTime: Infinity,
    gcTime: Infinity,
  });
