/**
 * A sheet's province, city and district matched to the region data (@vant/area-data), so that an
 * order carries the names the supplier knows. Sheets write names short (北京, 深圳, 南山) or long, so a
 * name also matches with its suffix added or dropped, as long as that leaves a single candidate.
 */

export type AreaList = {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
};

export type RegionMatch =
  { ok: true; province: string; city: string; area: string; exact: boolean } | { ok: false; column: 'province' | 'city' | 'area' };

/** Suffixes dropped to compare names, longest first so that 壮族自治区 goes before 区. */
const SUFFIXES = [
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '特别行政区',
  '自治区',
  '自治县',
  '自治州',
  '自治旗',
  '地区',
  '省',
  '市',
  '区',
  '县',
  '盟',
  '旗',
].sort((a, b) => b.length - a.length);

/**
 * Peoples named in autonomous prefectures and counties, dropped after 自治州/自治县/自治旗 so that
 * 恩施 matches 恩施土家族苗族自治州 and 石柱 matches 石柱土家族自治县.
 */
const PEOPLES = (
  '蒙古族 回族 藏族 维吾尔族 苗族 彝族 壮族 布依族 朝鲜族 满族 侗族 瑶族 白族 土家族 哈尼族 哈萨克族 傣族 黎族 傈僳族 佤族 畲族 高山族 拉祜族 水族 东乡族 纳西族 景颇族 柯尔克孜族 土族 达斡尔族 ' +
  '仫佬族 羌族 布朗族 撒拉族 毛南族 仡佬族 锡伯族 阿昌族 普米族 塔吉克族 怒族 乌孜别克族 俄罗斯族 鄂温克族 德昂族 保安族 裕固族 京族 塔塔尔族 独龙族 鄂伦春族 赫哲族 门巴族 珞巴族 基诺族 各族 蒙古 哈萨克 柯尔克孜'
)
  .split(' ')
  .sort((a, b) => b.length - a.length);

/** What a city may be written as in a municipality, where the data has one city named like the province. */
const MUNICIPAL_CITY = new Set(['市辖区', '城区', '郊县', '县']);

/** A name as compared: NFKC (full-width becomes plain), without spaces. */
const clean = (s: string) => (/[^\u4e00-\u9fff]/.test(s) ? s.normalize('NFKC').replace(/\s+/g, '') : s);

/** A name without its suffix (and, for an autonomous unit, without its peoples), never emptied. */
export function stripSuffix(name: string): string {
  const suffix = SUFFIXES.find((s) => name.endsWith(s) && name.length > s.length);
  if (!suffix) return name;
  let base = name.slice(0, -suffix.length);
  if (/^自治[州县旗]$/.test(suffix)) {
    for (let prev = ''; prev !== base;) {
      prev = base;
      const people = PEOPLES.find((p) => base.endsWith(p) && base.length > p.length);
      if (people) base = base.slice(0, -people.length);
    }
  }
  return base;
}

/** Names by exact text and by their stripped form (a stripped form may name several). */
interface NameIndex {
  exact: Map<string, string>;
  loose: Map<string, string[]>;
}

interface Province {
  name: string;
  /** The name without its suffix: 北京, 广西. */
  base: string;
  /** A municipality: one of its cities is named like it (北京市/北京市); 重庆 has a second one, 县. */
  municipal: boolean;
  cities: NameIndex;
  /** Its city codes, in data order. */
  cityCodes: string[];
}

interface Index {
  provinces: NameIndex;
  provinceInfo: Map<string, Province>;
  /** City code to its districts. */
  counties: Map<string, NameIndex>;
  names: Map<string, string>;
  /** Answers already given: a sheet names the same few regions again and again. */
  answers: Map<string, RegionMatch>;
}

/** Answers kept per list before the memo starts again (a sheet has at most 5,000 rows). */
const MAX_ANSWERS = 20_000;

function nameIndex(): NameIndex {
  return { exact: new Map(), loose: new Map() };
}

function add(ix: NameIndex, code: string, name: string) {
  ix.exact.set(name, code);
  const keys = new Set([stripSuffix(name)]);
  // People write 恩施州 and 石柱县 for the autonomous units.
  const short = /自治([州县旗])$/.exec(name);
  if (short) keys.add(stripSuffix(name) + short[1]);
  for (const k of keys) {
    const list = ix.loose.get(k);
    if (!list) ix.loose.set(k, [code]);
    else if (!list.includes(code)) list.push(code);
  }
}

/** The codes a written name matches in one index: its exact name, else every name it matches loosely. */
function candidates(ix: NameIndex | undefined, written: string): { exact: string[]; loose: string[] } {
  if (!ix || !written) return { exact: [], loose: [] };
  const exact = ix.exact.get(written);
  if (exact) return { exact: [exact], loose: [] };
  // 沙市 is 沙市区 shortened, not 沙 with 市: the name as written is tried before its stripped form.
  return { exact: [], loose: ix.loose.get(written) ?? ix.loose.get(stripSuffix(written)) ?? [] };
}

const cache = new WeakMap<AreaList, Index>();

/** The index of a region list, built once per list (a sheet of 5,000 rows is matched at once). */
function indexOf(list: AreaList): Index {
  const hit = cache.get(list);
  if (hit) return hit;
  const ix: Index = { provinces: nameIndex(), provinceInfo: new Map(), counties: new Map(), names: new Map(), answers: new Map() };
  for (const [code, name] of Object.entries(list.province_list)) {
    ix.names.set(code, name);
    add(ix.provinces, code, name);
    ix.provinceInfo.set(code, { name, base: stripSuffix(name), municipal: false, cities: nameIndex(), cityCodes: [] });
  }
  for (const [code, name] of Object.entries(list.city_list)) {
    const p = ix.provinceInfo.get(`${code.slice(0, 2)}0000`);
    if (!p) continue;
    ix.names.set(code, name);
    add(p.cities, code, name);
    p.cityCodes.push(code);
    if (name === p.name) p.municipal = true;
  }
  for (const [code, name] of Object.entries(list.county_list)) {
    const city = `${code.slice(0, 4)}00`;
    let n = ix.counties.get(city);
    if (!n) ix.counties.set(city, (n = nameIndex()));
    ix.names.set(code, name);
    add(n, code, name);
  }
  cache.set(list, ix);
  return ix;
}

/** The single code matched, an exact match first. */
const single = (c: { exact: string[]; loose: string[] }) => c.exact[0] ?? (c.loose.length === 1 ? c.loose[0] : undefined);

/**
 * A sheet's region as the data names it. Each level matches its exact name, else its name with the
 * suffix added or dropped when that leaves one candidate. In a municipality a city written as the
 * province or as 市辖区 lets the district be looked for in all its cities (重庆's counties are under a
 * city named 县); so does a city written as the province where no city has that name (香港). `exact`
 * is true only when all three were written as in the data.
 */
export function matchRegion(list: AreaList, input: { province: string; city: string; area: string }): RegionMatch {
  const ix = indexOf(list);
  const key = `${input.province}\u0000${input.city}\u0000${input.area}`;
  let answer = ix.answers.get(key);
  if (!answer) {
    if (ix.answers.size >= MAX_ANSWERS) ix.answers.clear();
    answer = match(ix, input);
    ix.answers.set(key, answer);
  }
  return { ...answer };
}

function match(ix: Index, input: { province: string; city: string; area: string }): RegionMatch {
  const province = clean(input.province);
  const city = clean(input.city);
  const area = clean(input.area);

  const code = single(candidates(ix.provinces, province));
  const p = code === undefined ? undefined : ix.provinceInfo.get(code);
  if (!p) return { ok: false, column: 'province' };

  const c = single(candidates(p.cities, city));
  // Only worked out when it matters: no city matched, or a municipality.
  const asProvince = () => city === p.name || stripSuffix(city) === p.base || (p.municipal && MUNICIPAL_CITY.has(city));
  let searched: string[];
  if (c) searched = p.municipal && asProvince() ? [c, ...p.cityCodes.filter((x) => x !== c)] : [c];
  else if (asProvince()) searched = p.cityCodes;
  else return { ok: false, column: 'city' };

  // An exact district name wins (in the written city first); else one loose match among the cities searched.
  let found: { city: string; area: string } | undefined;
  const loose: { city: string; area: string }[] = [];
  for (const cityCode of searched) {
    const m = candidates(ix.counties.get(cityCode), area);
    if (m.exact[0]) {
      found = { city: cityCode, area: m.exact[0] };
      break;
    }
    for (const a of m.loose) loose.push({ city: cityCode, area: a });
  }
  if (!found && loose.length === 1) found = loose[0];
  if (!found) return { ok: false, column: 'area' };

  const names = { province: p.name, city: ix.names.get(found.city) ?? '', area: ix.names.get(found.area) ?? '' };
  const exact = input.province.trim() === names.province && input.city.trim() === names.city && input.area.trim() === names.area;
  return { ok: true, ...names, exact };
}
