/**
 * Vocabulary of the seeded catalogue: top categories with their sub and leaf categories, and the
 * words product titles are made of. Brands and shops are invented.
 */
export interface TopCategory {
  title: string;
  unit: string;
  subs: { title: string; leaves: { title: string; nouns: string[] }[] }[];
  adjectives: string[];
  specs: { name: string; values: string[] }[];
}

export const TAXONOMY: TopCategory[] = [
  {
    title: '食品饮料',
    unit: '袋',
    adjectives: ['原味', '低糖', '手工', '即食', '独立小包装', '家庭装', '办公室'],
    specs: [
      { name: '规格', values: ['250g', '500g', '1kg'] },
      { name: '口味', values: ['原味', '香辣', '奶香', '海盐'] },
    ],
    subs: [
      {
        title: '休闲零食',
        leaves: [
          { title: '坚果炒货', nouns: ['每日坚果', '碧根果', '夏威夷果', '巴旦木', '开心果'] },
          { title: '饼干糕点', nouns: ['苏打饼干', '蛋黄酥', '凤梨酥', '全麦面包', '曲奇'] },
          { title: '肉干肉脯', nouns: ['牛肉干', '猪肉脯', '鸭脖', '鸡胸肉条'] },
        ],
      },
      {
        title: '茶饮冲调',
        leaves: [
          { title: '茶叶', nouns: ['明前龙井', '铁观音', '大红袍', '普洱茶饼', '茉莉花茶'] },
          { title: '咖啡', nouns: ['挂耳咖啡', '冻干咖啡粉', '咖啡豆', '冷萃咖啡液'] },
          { title: '奶粉麦片', nouns: ['燕麦片', '高钙奶粉', '藕粉', '芝麻糊'] },
        ],
      },
      {
        title: '粮油调味',
        leaves: [
          { title: '米面杂粮', nouns: ['东北大米', '五常香米', '挂面', '小米'] },
          { title: '食用油', nouns: ['花生油', '橄榄油', '菜籽油', '山茶油'] },
          { title: '调味品', nouns: ['生抽', '陈醋', '火锅底料', '蚝油'] },
        ],
      },
    ],
  },
  {
    title: '个护清洁',
    unit: '瓶',
    adjectives: ['温和', '无硅油', '植物', '持久留香', '深层清洁', '敏感肌'],
    specs: [
      { name: '容量', values: ['300ml', '500ml', '750ml'] },
      { name: '香型', values: ['清新', '花香', '木质'] },
    ],
    subs: [
      {
        title: '洗发护发',
        leaves: [
          { title: '洗发水', nouns: ['去屑洗发水', '控油洗发露', '氨基酸洗发水'] },
          { title: '护发素', nouns: ['修护护发素', '发膜', '护发精油'] },
          { title: '造型', nouns: ['定型喷雾', '发蜡', '蓬松粉'] },
        ],
      },
      {
        title: '口腔护理',
        leaves: [
          { title: '牙膏', nouns: ['美白牙膏', '抗敏牙膏', '儿童牙膏'] },
          { title: '牙刷', nouns: ['软毛牙刷', '电动牙刷刷头', '竹炭牙刷'] },
          { title: '漱口水', nouns: ['漱口水', '口喷', '牙线棒'] },
        ],
      },
      {
        title: '家庭清洁',
        leaves: [
          { title: '洗衣液', nouns: ['洗衣液', '洗衣凝珠', '柔顺剂'] },
          { title: '纸品', nouns: ['抽纸', '卷纸', '湿巾'] },
          { title: '清洁剂', nouns: ['洗洁精', '厨房清洁剂', '消毒液'] },
        ],
      },
    ],
  },
  {
    title: '家居日用',
    unit: '件',
    adjectives: ['北欧风', '加厚', '可折叠', '大容量', '简约', '耐用'],
    specs: [
      { name: '颜色', values: ['米白', '灰色', '浅蓝', '墨绿'] },
      { name: '尺寸', values: ['小号', '中号', '大号'] },
    ],
    subs: [
      {
        title: '收纳整理',
        leaves: [
          { title: '收纳箱', nouns: ['收纳箱', '衣物收纳袋', '抽屉式收纳柜'] },
          { title: '衣架', nouns: ['防滑衣架', '裤架', '多功能挂钩'] },
          { title: '桌面收纳', nouns: ['桌面收纳盒', '笔筒', '化妆品收纳架'] },
        ],
      },
      {
        title: '床上用品',
        leaves: [
          { title: '四件套', nouns: ['纯棉四件套', '水洗棉床单', '天丝被套'] },
          { title: '枕头', nouns: ['乳胶枕', '记忆棉枕', '荞麦枕'] },
          { title: '被子', nouns: ['蚕丝被', '羽绒被', '夏凉被'] },
        ],
      },
      {
        title: '厨房用品',
        leaves: [
          { title: '锅具', nouns: ['不粘炒锅', '铸铁锅', '汤锅'] },
          { title: '餐具', nouns: ['陶瓷碗', '筷子套装', '保温饭盒'] },
          { title: '刀具', nouns: ['菜刀', '砧板', '厨房剪刀'] },
        ],
      },
    ],
  },
  {
    title: '数码配件',
    unit: '个',
    adjectives: ['快充', '便携', '无线', '超薄', '磁吸', '降噪'],
    specs: [
      { name: '颜色', values: ['黑色', '白色', '蓝色'] },
      { name: '版本', values: ['标准版', '升级版'] },
    ],
    subs: [
      {
        title: '手机配件',
        leaves: [
          { title: '充电器', nouns: ['氮化镓充电器', '车载充电器', '无线充电板'] },
          { title: '数据线', nouns: ['Type-C数据线', '快充线', '三合一数据线'] },
          { title: '手机壳', nouns: ['透明手机壳', '防摔手机壳', '磁吸手机壳'] },
        ],
      },
      {
        title: '影音娱乐',
        leaves: [
          { title: '耳机', nouns: ['蓝牙耳机', '头戴式耳机', '运动耳机'] },
          { title: '音箱', nouns: ['蓝牙音箱', '桌面音箱', '户外音箱'] },
          { title: '麦克风', nouns: ['领夹麦克风', '直播麦克风'] },
        ],
      },
      {
        title: '电脑周边',
        leaves: [
          { title: '键盘鼠标', nouns: ['机械键盘', '无线鼠标', '键鼠套装'] },
          { title: '存储', nouns: ['U盘', '移动硬盘', '内存卡'] },
          { title: '支架', nouns: ['笔记本支架', '显示器支架', '手机支架'] },
        ],
      },
    ],
  },
  {
    title: '母婴用品',
    unit: '包',
    adjectives: ['婴儿', '超薄透气', '宝宝', '柔软', '无添加', '安心'],
    specs: [
      { name: '尺码', values: ['S', 'M', 'L', 'XL'] },
      { name: '包装', values: ['单包', '箱装'] },
    ],
    subs: [
      {
        title: '尿裤湿巾',
        leaves: [
          { title: '纸尿裤', nouns: ['纸尿裤', '拉拉裤', '成长裤'] },
          { title: '婴儿湿巾', nouns: ['手口湿巾', '婴儿棉柔巾'] },
          { title: '隔尿垫', nouns: ['隔尿垫', '护理垫'] },
        ],
      },
      {
        title: '喂养用品',
        leaves: [
          { title: '奶瓶', nouns: ['玻璃奶瓶', 'PPSU奶瓶', '奶嘴'] },
          { title: '辅食', nouns: ['米粉', '果泥', '磨牙棒'] },
          { title: '餐具', nouns: ['儿童餐盘', '学饮杯', '辅食碗'] },
        ],
      },
      {
        title: '洗护用品',
        leaves: [
          { title: '沐浴露', nouns: ['婴儿沐浴露', '洗发沐浴二合一'] },
          { title: '护肤', nouns: ['婴儿面霜', '护臀膏', '痱子香膏'] },
          { title: '洗衣', nouns: ['婴儿洗衣液', '婴儿皂'] },
        ],
      },
    ],
  },
  {
    title: '服饰鞋包',
    unit: '件',
    adjectives: ['宽松', '纯棉', '百搭', '休闲', '加绒', '透气'],
    specs: [
      { name: '颜色', values: ['黑色', '白色', '卡其', '藏青'] },
      { name: '尺码', values: ['S', 'M', 'L', 'XL', 'XXL'] },
    ],
    subs: [
      {
        title: '男装',
        leaves: [
          { title: 'T恤', nouns: ['圆领T恤', 'Polo衫', '长袖T恤'] },
          { title: '裤子', nouns: ['休闲裤', '牛仔裤', '运动裤'] },
          { title: '外套', nouns: ['夹克', '冲锋衣', '羽绒服'] },
        ],
      },
      {
        title: '女装',
        leaves: [
          { title: '连衣裙', nouns: ['连衣裙', '半身裙', '吊带裙'] },
          { title: '上衣', nouns: ['衬衫', '针织衫', '卫衣'] },
          { title: '外套', nouns: ['风衣', '西装外套', '毛呢大衣'] },
        ],
      },
      {
        title: '鞋靴箱包',
        leaves: [
          { title: '运动鞋', nouns: ['跑步鞋', '板鞋', '老爹鞋'] },
          { title: '双肩包', nouns: ['双肩包', '电脑包', '书包'] },
          { title: '行李箱', nouns: ['拉杆箱', '登机箱', '旅行袋'] },
        ],
      },
    ],
  },
];

export const ORIGINS = [
  '浙江杭州',
  '广东广州',
  '广东深圳',
  '江苏苏州',
  '福建厦门',
  '山东青岛',
  '四川成都',
  '云南昆明',
  '黑龙江哈尔滨',
  '新疆',
];

export const BRAND_SYLLABLES = [
  '青',
  '禾',
  '木',
  '云',
  '朵',
  '山',
  '野',
  '溪',
  '南',
  '北',
  '小',
  '鹿',
  '熊',
  '猫',
  '优',
  '品',
  '立',
  '安',
  '诺',
  '嘉',
  '悦',
  '森',
  '乐',
  '米',
];

export const SHOP_SUFFIXES = ['旗舰店', '官方店', '专营店', '工厂店', '优选店'];

export const GROUP_NAMES = ['爆款推荐', '新品首发', '限时特惠', '包邮专区', '高利润精选', '京东优选', '源头工厂好货', '天猫精选'];

export const ATTRIBUTE_NAMES = ['产地', '保质期', '材质', '适用人群', '包装方式', '执行标准'];
