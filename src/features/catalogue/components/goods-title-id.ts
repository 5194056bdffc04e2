/** The product detail's heading: it names the drawer that shows it (a tiny module, so the drawer stays light). */
export const GOODS_TITLE_ID = 'goods-detail-title';
