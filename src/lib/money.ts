// The amounts, rates and counts as people read them: written in contract/ so that the gateway, which
// paints a page's first goods in the HTML, writes them with the same characters as the app.
export { formatCount, formatFen, formatRate, yuanToFen } from '../../contract/money';
